import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import { ORIGIN } from "./test-app";

function encodeMetadata(metadata: Record<string, string>): string {
  return Object.entries(metadata)
    .map(([k, v]) => `${k} ${Buffer.from(v).toString("base64")}`)
    .join(",");
}

export interface TusResult {
  create: LightMyRequestResponse;
  patch?: LightMyRequestResponse;
  /** The upload id, when the upload was created. */
  id?: string;
}

/**
 * Uploads bytes with the tus protocol as tus-js-client would (create, then
 * one PATCH). `declaredSize` lets a test claim another length than it sends.
 */
export async function tusUpload(
  app: FastifyInstance,
  cookie: string,
  bytes: Buffer,
  metadata: Record<string, string>,
  declaredSize = bytes.length,
): Promise<TusResult> {
  const create = await app.inject({
    method: "POST",
    url: "/api/uploads",
    headers: {
      cookie,
      origin: ORIGIN,
      "tus-resumable": "1.0.0",
      "upload-length": String(declaredSize),
      "upload-metadata": encodeMetadata(metadata),
    },
  });
  const location = create.headers.location;
  if (create.statusCode !== 201 || typeof location !== "string") return { create };
  const id = location.split("/").pop()!;
  const patch = await app.inject({
    method: "PATCH",
    url: location,
    headers: {
      cookie,
      origin: ORIGIN,
      "tus-resumable": "1.0.0",
      "upload-offset": "0",
      "content-type": "application/offset+octet-stream",
    },
    payload: bytes,
  });
  return { create, patch, id };
}
