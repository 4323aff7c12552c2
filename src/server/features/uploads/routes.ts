import type { IncomingMessage } from "node:http";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { Server as TusServer, type ServerOptions } from "@tus/server";
import type { Upload } from "@tus/utils";
import { UPLOAD_ENDPOINT, fileUrl, uploadMessages, type UploadedFile } from "../../../shared/files";
import type { PublicUser } from "../../../shared/user";
import { requireSession } from "../../auth/session-guard";
import { HttpError } from "../../http/errors";
import { SNIFF_BYTES, sniffFileType } from "./file-sniffing";
import { findStoredFile } from "./stored-files";
import { uploadPurposes } from "./upload-purposes";

type TusRequest = Parameters<NonNullable<ServerOptions["onUploadCreate"]>>[0];

/** tus turns a thrown { status_code, body } into its response. */
class TusRejection extends Error {
  constructor(
    readonly status_code: number,
    readonly body: string,
  ) {
    super(body);
  }
}

/** tus hooks receive their own request object; this finds the signed-in user we resolved. */
const usersByRequest = new WeakMap<IncomingMessage, PublicUser>();

function userOf(req: TusRequest): PublicUser {
  const node = (req as unknown as { runtime?: { node?: { req: IncomingMessage } } }).runtime?.node;
  const user = node && usersByRequest.get(node.req);
  if (!user) throw new TusRejection(401, uploadMessages.notSignedIn);
  return user;
}

/** tus answers errors as plain text bodies; tus-js-client shows them to the UI. */
function reject(status: number, message: string): never {
  throw new TusRejection(status, message);
}

function metadataOf(upload: Upload): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(upload.metadata ?? {})) {
    if (typeof value === "string") out[key] = value;
  }
  return out;
}

export function registerUploadRoutes(app: FastifyInstance): void {
  const { storage, database } = app.ctx;
  const db = database.db;
  const purposes = uploadPurposes(app);

  const tus = new TusServer({
    path: UPLOAD_ENDPOINT,
    datastore: storage.datastore,
    relativeLocation: true,
    respectForwardedHeaders: true,
    // A finished upload is a stored file: tus DELETE may only end one in progress.
    disableTerminationForFinishedUploads: true,
    // No global maxSize: each purpose's limit is checked against Upload-Length at
    // creation (deferred lengths are refused), and tus never accepts bytes past it.

    async onUploadCreate(req, upload) {
      const user = userOf(req);
      const metadata = metadataOf(upload);
      const purpose = purposes.get(metadata.purpose ?? "");
      if (!purpose) reject(400, uploadMessages.unknownPurpose);
      if (upload.size === undefined) reject(400, uploadMessages.lengthRequired);
      if (upload.size > purpose.maxBytes) reject(413, uploadMessages.tooLarge(purpose.maxBytes));
      // A claimed type that is plainly wrong is refused early; the bytes decide at the end.
      const claimed = metadata.filetype?.split("/")[0];
      if (claimed && !(purpose.kinds as readonly string[]).includes(claimed)) {
        reject(415, uploadMessages.wrongType(purpose.kinds));
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
      return {};
    },

    async onIncomingRequest(req, uploadId) {
      // Only the person who started an upload may continue, inspect or cancel it.
      if (req.method === "POST" || req.method === "OPTIONS") return;
      const user = userOf(req);
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
      const body: UploadedFile = {
        id: file.id,
        url: fileUrl(file.id),
        kind: sniffed.kind,
        mimeType: sniffed.mimeType,
        size: file.size,
        name: file.name,
      };
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
    const { user } = await requireSession(app.ctx.auth, request);
    usersByRequest.set(request.raw, user);
    reply.hijack();
    await tus.handle(request.raw, reply.raw);
  };
  app.all(UPLOAD_ENDPOINT, handleTus);
  app.all(`${UPLOAD_ENDPOINT}/*`, handleTus);

  /** A finished file, to the people its purpose allows; 404 for everyone else. */
  app.get<{ Params: { id: string }; Querystring: { download?: string } }>(
    "/api/files/:id",
    async (request, reply) => {
      const { user } = await requireSession(app.ctx.auth, request);
      const file = await findStoredFile(db, request.params.id);
      const purpose = file && purposes.get(file.purpose);
      if (!file || file.status !== "ready" || !purpose || !(await purpose.canRead(user, file))) {
        throw new HttpError(404, "File not found.", undefined, "NOT_FOUND");
      }
      const disposition = request.query.download ? "attachment" : "inline";
      return (
        reply
          .header("content-type", file.mimeType ?? "application/octet-stream")
          .header("content-length", file.size)
          .header(
            "content-disposition",
            `${disposition}; filename*=UTF-8''${encodeURIComponent(file.name)}`,
          )
          // Ids are never reused for other bytes, so the file can be cached for good.
          .header("cache-control", "private, max-age=31536000, immutable")
          .header("content-security-policy", "default-src 'none'; sandbox")
          .send(await storage.open(file.id))
      );
    },
  );
}
