import { AsyncLocalStorage } from "node:async_hooks";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { Server as TusServer } from "@tus/server";
import { ERRORS, type Upload } from "@tus/utils";
import { UPLOAD_ENDPOINT, fileUrl, uploadMessages, type UploadedFile } from "../../../shared/files";
import {
  fileParamsSchema,
  fileQuerySchema,
  uploadParamsSchema,
} from "../../../shared/file-schemas";
import { NUL_CHARACTER_MESSAGE, hasNulCharacter } from "../../../shared/nul-character";
import { errorResponses } from "../../../shared/responses/common";
import {
  fileBytesSchema,
  tusResponseSchema,
  uploadedFileSchema,
} from "../../../shared/responses/files";
import type { PublicUser } from "../../../shared/user";
import { HttpError } from "../../http/errors";
import { removeBytesOfDeletedFiles } from "./file-bytes-cleanup";
import { SNIFF_BYTES, sniffFileType } from "../../../shared/file-sniffing";
import { unavailableOf } from "../../http/unavailable-errors";
import { forgetFailedCreation } from "./failed-creation";
import { findStoredFile } from "./stored-files";
import { uploadPurposeMap, type UploadPurpose } from "./upload-purposes";
import { refusalOfNewUpload, type UploadLimits } from "./upload-limits";
import { scheduleFileSweep, type FileSweepSchedule } from "./file-sweeper";
import { noQuerySchema } from "../../../shared/no-input";

/** Files need a session: revalidated on every use, never served from cache alone. */
export const PRIVATE_FILE_CACHE = "private, no-cache";

/** tus turns a thrown { status_code, body } into its response. */
class TusRejection extends Error {
  constructor(
    readonly status_code: number,
    readonly body: string,
  ) {
    super(body);
  }
}

/** tus answers errors as plain text bodies; tus-js-client shows them to the UI. */
function reject(status: number, message: string): never {
  throw new TusRejection(status, message);
}

const TUS_ANSWERS = new Set<string>(Object.values(ERRORS).map((e) => e.body));

/**
 * Errors whose text may reach the person: our own refusals, and tus's fixed
 * protocol answers below 500 (a wrong offset, a missing header). Everything
 * else may carry internal detail.
 */
function isSafeAnswer(err: unknown): boolean {
  if (err instanceof TusRejection) return true;
  const { status_code: status, body } = (err ?? {}) as { status_code?: unknown; body?: unknown };
  return (
    typeof status === "number" && status < 500 && typeof body === "string" && TUS_ANSWERS.has(body)
  );
}

function metadataOf(upload: Upload): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(upload.metadata ?? {})) {
    if (typeof value === "string") out[key] = value;
  }
  return out;
}

function uploadedFile(file: {
  id: string;
  kind: UploadedFile["kind"];
  mimeType: string;
  size: number;
  name: string;
}): UploadedFile {
  const { id, kind, mimeType, size, name } = file;
  return { id, url: fileUrl(id), kind, mimeType, size, name };
}

export interface UploadsOptions {
  /** Every kind of upload the portal takes (chat files, pictures, covers). */
  purposes: readonly UploadPurpose[];
  /** Per-user limits checked at creation; unlimited when absent. */
  limits?: UploadLimits;
  /** Sweeps abandoned and unattached files while the app runs; off when absent. */
  sweep?: FileSweepSchedule;
}

/** tus uploads for every purpose, and downloads checked by each file's purpose. */
function uploadsPlugin(
  parent: FastifyInstance,
  options: UploadsOptions,
  done: (err?: Error) => void,
): void {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const { storage, database, sessions, events } = app.ctx;
  const db = database.db;
  const purposes = uploadPurposeMap(options.purposes);
  removeBytesOfDeletedFiles(events, storage, app.log);
  if (options.sweep) scheduleFileSweep(app, purposes, options.sweep);

  // tus hooks get their own request objects: the user we resolved for this
  // request travels with its async context instead.
  // (It also carries the upload a POST created, so a failed creation can be undone.)
  const current = new AsyncLocalStorage<{ user: PublicUser; createdUploadId?: string }>();
  const userOf = (): PublicUser => {
    const user = current.getStore()?.user;
    if (!user) throw new TusRejection(401, uploadMessages.notSignedIn);
    return user;
  };

  const tus = new TusServer({
    path: UPLOAD_ENDPOINT,
    datastore: storage.datastore,
    relativeLocation: true,
    // Forwarded host and protocol only count when they come from a trusted proxy.
    respectForwardedHeaders: app.ctx.config.trustProxy !== false,
    // A finished upload is a stored file: tus DELETE may only end one in progress.
    disableTerminationForFinishedUploads: true,
    // No global maxSize: each purpose's limit is checked against Upload-Length at
    // creation (deferred lengths are refused), and tus never accepts bytes past it.

    async onUploadCreate(_req, upload) {
      const user = userOf();
      const metadata = metadataOf(upload);
      // File names and purpose fields reach the database: NUL is refused as everywhere.
      if (Object.entries(metadata).some(([k, v]) => hasNulCharacter(k) || hasNulCharacter(v))) {
        reject(400, NUL_CHARACTER_MESSAGE);
      }
      const purpose = purposes.get(metadata.purpose ?? "");
      if (!purpose) reject(400, uploadMessages.unknownPurpose);
      if (upload.size === undefined) reject(400, uploadMessages.lengthRequired);
      if (upload.size > purpose.maxBytes) reject(413, uploadMessages.tooLarge(purpose.maxBytes));
      // A claimed type that is plainly wrong is refused early; the bytes decide at the end.
      const claimed = metadata.filetype?.split("/")[0];
      if (claimed && !(purpose.kinds as readonly string[]).includes(claimed)) {
        reject(415, uploadMessages.wrongType(purpose.kinds));
      }
      if (options.limits) {
        const refusal = await refusalOfNewUpload(db, options.limits, user.id, upload.size);
        if (refusal) reject(refusal.status, refusal.message);
      }
      let scope: string | null;
      try {
        ({ scope } = await purpose.authorize(user, metadata));
      } catch (err) {
        if (err instanceof HttpError) reject(err.statusCode, err.message);
        throw err;
      }
      await db
        .insertInto("stored_file")
        .values({
          id: upload.id,
          purpose: purpose.name,
          ownerId: user.id,
          scope,
          status: "uploading",
          mimeType: null,
          kind: null,
          name: (metadata.filename ?? "file").slice(0, 255),
          size: upload.size,
          createdAt: Date.now(),
        })
        .execute();
      const state = current.getStore();
      if (state) state.createdUploadId = upload.id;
      return {};
    },

    async onResponseError(req, err) {
      // The store failed after our row was written (disk full, unwritable
      // folder): no `uploading` row may outlive the failed creation.
      const created = req.method === "POST" ? current.getStore()?.createdUploadId : undefined;
      if (created) await forgetFailedCreation(app, created);
      const unavailable = unavailableOf(err);
      if (unavailable) {
        app.log.error({ err, method: req.method }, "upload failed: engine unavailable");
        return { status_code: 503, body: unavailable.message };
      }
      if (isSafeAnswer(err)) return undefined;
      // Anything else is internal (EACCES with a path, a database's own
      // message): the person gets a generic text, the log gets the detail.
      app.log.error({ err, method: req.method }, "upload failed");
      return { status_code: 500, body: uploadMessages.failed };
    },

    async onIncomingRequest(req, uploadId) {
      // Only the person who started an upload may continue, inspect or cancel it.
      if (req.method === "POST" || req.method === "OPTIONS") return;
      const user = userOf();
      const file = await findStoredFile(db, uploadId);
      if (!file || file.ownerId !== user.id) reject(404, "Upload not found.");
    },

    async onUploadFinish(_req, upload) {
      const file = await findStoredFile(db, upload.id);
      const purpose = file && purposes.get(file.purpose);
      const sniffed = await sniffFileType(await storage.head(upload.id, SNIFF_BYTES));
      if (!file || !purpose || !sniffed || !purpose.kinds.includes(sniffed.kind)) {
        await db.deleteFrom("stored_file").where("id", "=", upload.id).execute();
        await storage.remove(upload.id);
        reject(415, uploadMessages.wrongType(purpose?.kinds ?? ["image"]));
      }
      await db
        .updateTable("stored_file")
        .set({ status: "ready", mimeType: sniffed.mimeType, kind: sniffed.kind })
        .where("id", "=", upload.id)
        .execute();
      const body = uploadedFile({ ...file, kind: sniffed.kind, mimeType: sniffed.mimeType });
      return {
        status_code: 200,
        headers: { "content-type": "application/json" },
        body: JSON.stringify(body),
      };
    },
  });

  // tus reads the raw request stream itself.
  app.addContentTypeParser("application/offset+octet-stream", (_req, _payload, done) => {
    done(null);
  });
  const handleTus = async (request: FastifyRequest, reply: FastifyReply) => {
    const { user } = await sessions.require(request);
    // The file store has no concatenation extension; tus would fail on it
    // with a 500. Refused up front, in words (tus 1.0: 412 for an extension
    // the server does not support would also fit; 400 names the header).
    if (request.headers["upload-concat"] !== undefined) {
      throw new HttpError(
        400,
        uploadMessages.concatUnsupported,
        undefined,
        "UNSUPPORTED_EXTENSION",
      );
    }
    // tus writes the raw response itself: the headers set so far (the
    // security headers) would be lost with the hijacked reply.
    for (const [name, value] of Object.entries(reply.getHeaders())) {
      if (value !== undefined) reply.raw.setHeader(name, value);
    }
    reply.hijack();
    await current.run({ user }, () => tus.handle(request.raw, reply.raw));
  };
  const tusSchema = {
    tags: ["uploads"],
    summary: "Resumable upload (tus 1.0): create, continue, inspect or cancel",
    response: { default: tusResponseSchema },
  };
  app.all(UPLOAD_ENDPOINT, { schema: tusSchema }, handleTus);
  app.all(
    `${UPLOAD_ENDPOINT}/:uploadId`,
    { schema: { ...tusSchema, params: uploadParamsSchema } },
    handleTus,
  );

  /**
   * A finished upload's details, to its uploader. A client that resumes an
   * upload the server already completed (its last PATCH arrived, the answer
   * was lost) gets only a HEAD, which has no body: it asks here instead.
   */
  app.get(
    `${UPLOAD_ENDPOINT}/:uploadId/file`,
    {
      schema: {
        tags: ["uploads"],
        summary: "A finished upload's details, to the person who uploaded it",
        querystring: noQuerySchema,
        params: uploadParamsSchema,
        response: { 200: uploadedFileSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const { user } = await sessions.require(request);
      const file = await findStoredFile(db, request.params.uploadId);
      if (!file || file.ownerId !== user.id || file.status !== "ready" || !file.kind) {
        throw new HttpError(404, "Upload not found.", undefined, "NOT_FOUND");
      }
      reply.header("cache-control", "no-store");
      return uploadedFile({ ...file, kind: file.kind, mimeType: file.mimeType ?? "" });
    },
  );

  /** A finished file, to the people its purpose allows; 404 for everyone else. */
  app.get(
    "/api/files/:id",
    {
      schema: {
        tags: ["uploads"],
        summary: "A stored file's bytes, to the people its purpose allows",
        params: fileParamsSchema,
        querystring: fileQuerySchema,
        response: { 200: fileBytesSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const { user } = await sessions.require(request);
      const file = await findStoredFile(db, request.params.id);
      const purpose = file && purposes.get(file.purpose);
      if (!file || file.status !== "ready" || !purpose || !(await purpose.canRead(user, file))) {
        throw new HttpError(404, "File not found.", undefined, "NOT_FOUND");
      }
      // Ids are never reused for other bytes, so the id is the ETag: a
      // browser keeps the file but asks each time (no-cache), and only a
      // signed-in reader gets even a 304. Nothing stays usable after sign-out.
      const etag = `"${file.id}"`;
      reply.header("cache-control", PRIVATE_FILE_CACHE).header("etag", etag);
      if (request.headers["if-none-match"] === etag) return reply.status(304 as 200).send();
      const disposition = request.query.download ? "attachment" : "inline";
      return reply
        .header("content-type", file.mimeType ?? "application/octet-stream")
        .header("content-length", file.size)
        .header(
          "content-disposition",
          `${disposition}; filename*=UTF-8''${encodeURIComponent(file.name)}`,
        )
        .header("content-security-policy", "default-src 'none'; sandbox")
        .send(await storage.open(file.id));
    },
  );
  done();
}

export default fp(uploadsPlugin, { name: "uploads", decorators: { fastify: ["ctx"] } });
