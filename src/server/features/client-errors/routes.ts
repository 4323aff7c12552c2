import type { FastifyInstance, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { CLIENT_ERROR_ENDPOINT, clientErrorSchema } from "../../../shared/client-errors";
import { errorResponses } from "../../../shared/responses/common";
import { redactUrl, redactUrlsIn } from "../../http/log-redaction";
import { requestLimit } from "../../limits/request-limit";

/**
 * Reports per minute, per session when signed in (people behind one office
 * address each have their own), per IP before: enough for a bad afternoon,
 * too few to flood the log.
 */
const REPORTS_PER_MINUTE = 20;

/**
 * Failures only the browser saw (an upload refused, a send that failed for
 * good) go to the server log, tied to the user, so they can be diagnosed.
 * Signed-in users only, validated, small (1 KB) and rate-limited.
 */
function clientErrorsPlugin(
  parent: FastifyInstance,
  _options: unknown,
  done: (err?: Error) => void,
): void {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const { sessions } = app.ctx;
  app.post(
    CLIENT_ERROR_ENDPOINT,
    {
      bodyLimit: 1024,
      onRequest: requestLimit(
        {
          name: "client-errors",
          points: REPORTS_PER_MINUTE,
          durationSeconds: 60,
          key: async (request: FastifyRequest) => {
            const session = await sessions.read(request.headers).catch(() => null);
            return session ? `session:${session.sessionId}` : `ip:${request.ip}`;
          },
        },
        app.ctx.redis,
      ),
      schema: {
        tags: ["operations"],
        summary: "Report a failure the browser saw, into the server log",
        body: clientErrorSchema,
        response: { 204: z.null(), ...errorResponses },
      },
    },
    async (request, reply) => {
      const { user } = await sessions.require(request);
      // A reported page or message may quote a link with its token.
      const report = request.body;
      const clientError = {
        ...report,
        message: redactUrlsIn(report.message),
        // The page is a bare path (location.pathname): redacted as a URL, not searched for one.
        ...(report.page ? { page: redactUrl(report.page) } : {}),
      };
      request.log.warn({ clientError, userId: user.id }, "client-side failure");
      return reply.status(204).send(null);
    },
  );
  done();
}

export default fp(clientErrorsPlugin, {
  name: "client-errors",
  decorators: { fastify: ["ctx"] },
});
