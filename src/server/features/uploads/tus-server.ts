import type { AsyncLocalStorage } from "node:async_hooks";
import type { FastifyInstance } from "fastify";
import { Server as TusServer } from "@tus/server";
import { ERRORS } from "@tus/utils";
import { UPLOAD_ENDPOINT, uploadMessages } from "../../../shared/files";
import type { PublicUser } from "../../../shared/user";
import { unavailableOf } from "../../http/unavailable-errors";
import { forgetFailedCreation } from "./failed-creation";
import { TusRejection, type UploadService } from "./upload-service";

/*
 * The tus server (with @tus/server and the web-standard layer it brings),
 * loaded with the first upload rather than at start-up (issue 48: each
 * feature pays for what it loads at start).
 */

export type { TusServer };

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

/**
 * tus hooks get their own request objects: the user we resolved for this
 * request travels with its async context instead.
 * (It also carries the upload a POST created, so a failed creation can be undone.)
 */
export type UploadContext = AsyncLocalStorage<{ user: PublicUser; createdUploadId?: string }>;

/** The tus server, its hooks handing each step to the upload service. */
export function createTusServer(
  app: FastifyInstance,
  service: UploadService,
  current: UploadContext,
): TusServer {
  const { storage } = app.ctx;
  const userOf = (): PublicUser => {
    const user = current.getStore()?.user;
    if (!user) throw new TusRejection(401, uploadMessages.notSignedIn);
    return user;
  };

  return new TusServer({
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
}
