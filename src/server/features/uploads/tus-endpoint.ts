import { AsyncLocalStorage } from "node:async_hooks";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { UPLOAD_ENDPOINT, uploadMessages } from "../../../shared/files";
import { uploadParamsSchema } from "../../../shared/file-schemas";
import { tusResponseSchema } from "../../../shared/responses/files";
import { HttpError } from "../../http/errors";
import { AsyncStorageSwitch } from "../../async-storage-switch";
import type { UploadService } from "./upload-service";
import type { TusServer, UploadContext } from "./tus-server";

/** The tus protocol endpoints (create, continue, inspect, cancel), behind a session. */
export function registerTusRoutes(app: FastifyInstance, service: UploadService): void {
  const { sessions } = app.ctx;
  const current: UploadContext = new AsyncLocalStorage();
  // Its promise hook is on only while an upload runs (async-storage-switch.ts).
  const uploads = new AsyncStorageSwitch(() => [current]);
  let tus: Promise<TusServer> | undefined;
  const tusServer = () =>
    (tus ??= import("./tus-server").then((m) => m.createTusServer(app, service, current)));

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
    const server = await tusServer();
    await uploads.around(() => current.run({ user }, () => server.handle(request.raw, reply.raw)));
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
}
