import { AsyncLocalStorage } from "node:async_hooks";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { Server as TusServer } from "@tus/server";
import { ERRORS } from "@tus/utils";
import { UPLOAD_ENDPOINT, uploadMessages } from "../../../shared/files";
import {
  fileParamsSchema,
  fileQuerySchema,
  uploadParamsSchema,
} from "../../../shared/file-schemas";
import { errorResponses } from "../../../shared/responses/common";
import {
  fileBytesSchema,
  tusResponseSchema,
  uploadedFileSchema,
} from "../../../shared/responses/files";
import type { PublicUser } from "../../../shared/user";
import { HttpError } from "../../http/errors";
import { removeBytesOfDeletedFiles } from "./file-bytes-cleanup";
import { unavailableOf } from "../../http/unavailable-errors";
import { forgetFailedCreation } from "./failed-creation";
import { uploadPurposeMap, type UploadPurpose } from "./upload-purposes";
import type { UploadLimits } from "./upload-limits";
import { scheduleFileSweep, type FileSweepSchedule } from "./file-sweeper";
import { TusRejection, UploadService } from "./upload-service";
import { noQuerySchema } from "../../../shared/no-input";

/** Files need a session: revalidated on every use, never served from cache alone. */
export const PRIVATE_FILE_CACHE = "private, no-cache";

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
  const service = new UploadService({ db, storage, purposes, limits: options.limits });
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
      await service.acceptCreation(userOf(), upload);
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
      await service.assertUploader(userOf(), uploadId);
    },

    async onUploadFinish(_req, upload) {
      const body = await service.finish(upload.id);
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
      const file = await service.finishedUpload(user, request.params.uploadId);
      reply.header("cache-control", "no-store");
      return file;
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
      const file = await service.readableFile(user, request.params.id);
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
