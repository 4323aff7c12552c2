import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { UPLOAD_ENDPOINT } from "../../../shared/files";
import {
  fileParamsSchema,
  fileQuerySchema,
  uploadParamsSchema,
} from "../../../shared/file-schemas";
import { errorResponses } from "../../../shared/responses/common";
import { fileBytesSchema, uploadedFileSchema } from "../../../shared/responses/files";
import { removeBytesOfDeletedFiles } from "./file-bytes-cleanup";
import { uploadPurposeMap, type UploadPurpose } from "./upload-purposes";
import type { UploadLimits } from "./upload-limits";
import { scheduleFileSweep, type FileSweepSchedule } from "./file-sweeper";
import { UploadService } from "./upload-service";
import { registerTusRoutes } from "./tus-endpoint";
import { noQuerySchema } from "../../../shared/no-input";
import { parseByteRange } from "./byte-range";
import { stillCurrent } from "../../http/revalidate";
import { ImageThumbnails, THUMBNAIL_TYPE, thumbnailKey } from "./image-thumbnails";
import { findStoredFile } from "./stored-files";

/** Release masters and artwork: to agents and the owner only, never stored by a browser. */

/** A stored file is never a page: nothing in it runs or loads anything. */
const FILE_CSP = "default-src 'none'; sandbox";

/** Files need a session: revalidated on every use, never served from cache alone. */
export const PRIVATE_FILE_CACHE = "private, no-cache";

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
  app: FastifyInstance,
  options: UploadsOptions,
  done: (err?: Error) => void,
): void {
  const { storage, database, events } = app.ctx;
  const db = database.db;
  const purposes = uploadPurposeMap(options.purposes);
  const service = new UploadService({ db, storage, purposes, limits: options.limits });
  const thumbnails = new ImageThumbnails({
    storage,
    log: app.log,
    stillStored: async (id) => (await findStoredFile(db, id)) !== undefined,
  });
  removeBytesOfDeletedFiles(events, storage, thumbnails, app.log);
  if (options.sweep) scheduleFileSweep(app, purposes, options.sweep);
  registerTusRoutes(app, service);
  registerFileRoutes(app, service, thumbnails);
  done();
}

/** Reading what was uploaded: a finished upload's details, and a file's bytes. */
function registerFileRoutes(
  parent: FastifyInstance,
  service: UploadService,
  thumbnails: ImageThumbnails,
): void {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const { sessions } = app.ctx;

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

  registerFileBytesRoute(app, service, thumbnails);
}

/**
 * A finished file, to the people its purpose allows; 404 for everyone else.
 * A picture is also served smaller (`?w=`), as WebP.
 */
function registerFileBytesRoute(
  parent: FastifyInstance,
  service: UploadService,
  thumbnails: ImageThumbnails,
): void {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const { storage, sessions } = app.ctx;
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
      // A purpose may say never to keep its files (a release's masters, decision 099).
      const cache = service.cacheControlOf(file) ?? PRIVATE_FILE_CACHE;
      reply.header("cache-control", cache).header("content-security-policy", FILE_CSP);
      const { w: width, download } = request.query;
      if (width && !download) {
        const etag = `"${thumbnailKey(file.id, width)}"`;
        if (stillCurrent(request, etag)) return reply.status(304 as 200).send();
        const thumbnail = await thumbnails.bytes(file, width);
        if (thumbnail) {
          return reply
            .header("etag", etag)
            .header("content-type", THUMBNAIL_TYPE)
            .header("content-length", thumbnail.length)
            .send(thumbnail);
        }
      }
      const etag = `"${file.id}"`;
      reply.header("etag", etag).header("accept-ranges", "bytes");
      if (stillCurrent(request, etag)) return reply.status(304 as 200).send();
      const disposition = download ? "attachment" : "inline";
      reply
        .header("content-type", file.mimeType ?? "application/octet-stream")
        .header(
          "content-disposition",
          `${disposition}; filename*=UTF-8''${encodeURIComponent(file.name)}`,
        );
      // A player seeks with Range: answer the bytes asked for, streamed (206).
      const range = parseByteRange(request.headers.range, file.size);
      if (range === "unsatisfiable") {
        return reply
          .status(416 as 200)
          .header("content-range", `bytes */${file.size}`)
          .header("content-type", "text/plain; charset=utf-8")
          .send("The requested range is outside the file.");
      }
      if (range) {
        return reply
          .status(206 as 200)
          .header("content-range", `bytes ${range.start}-${range.end}/${file.size}`)
          .header("content-length", range.end - range.start + 1)
          .send(await storage.openRange(file.id, range.start, range.end));
      }
      return reply.header("content-length", file.size).send(await storage.open(file.id));
    },
  );
}

export default fp(uploadsPlugin, { name: "uploads", decorators: { fastify: ["ctx"] } });
