import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { sessionsEndedSchema } from "../../../shared/responses/account";
import { errorResponses, okSchema } from "../../../shared/responses/common";
import {
  CANNOT_END_CURRENT_SESSION_MESSAGE,
  SESSION_NOT_FOUND_MESSAGE,
  accountSessionsSchema,
  sessionParamsSchema,
} from "../../../shared/sessions";
import { endSessions, listSessions } from "../../auth/session-service";
import { HttpError } from "../../http/errors";
import { noBodySchema, noQuerySchema } from "../../../shared/no-input";

/**
 * Settings' active sessions: the account's signed-in browsers, and signing
 * out one of them or all but this one. Ended sessions are announced
 * (session.ended), so their sockets close on every instance and those
 * browsers are signed out at once.
 */
function sessionsPlugin(
  parent: FastifyInstance,
  _options: unknown,
  done: (err?: Error) => void,
): void {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const { sessions, database, events } = app.ctx;
  const db = database.db;
  const tags = ["account"];

  app.get(
    "/api/account/sessions",
    {
      schema: {
        tags,
        summary: "The account's signed-in browsers (device, IP, last seen, this device)",
        querystring: noQuerySchema,
        response: { 200: accountSessionsSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const { user, sessionId } = await sessions.require(request);
      reply.header("cache-control", "no-store");
      return { sessions: await listSessions(db, user.id, sessionId) };
    },
  );

  app.delete(
    "/api/account/sessions/:id",
    {
      schema: {
        tags,
        summary: "Sign out one other browser of the account",
        body: noBodySchema,
        params: sessionParamsSchema,
        response: { 200: okSchema, ...errorResponses },
      },
    },
    async (request) => {
      const { user, sessionId } = await sessions.require(request);
      if (request.params.id === sessionId) {
        throw new HttpError(400, CANNOT_END_CURRENT_SESSION_MESSAGE, undefined, "CURRENT_SESSION");
      }
      // Scoped by user: another account's session id ends nothing and says "not found".
      const ended = await endSessions(db, events, user.id, { only: request.params.id });
      if (ended === 0) throw new HttpError(404, SESSION_NOT_FOUND_MESSAGE, undefined, "NOT_FOUND");
      return { ok: true as const };
    },
  );

  app.post(
    "/api/account/sessions/sign-out-others",
    {
      schema: {
        tags,
        summary: "Sign out every browser of the account but this one",
        body: noBodySchema,
        response: { 200: sessionsEndedSchema, ...errorResponses },
      },
    },
    async (request) => {
      const { user, sessionId } = await sessions.require(request);
      const ended = await endSessions(db, events, user.id, { keep: sessionId });
      return { ok: true as const, ended };
    },
  );
  done();
}

export default fp(sessionsPlugin, { name: "sessions", decorators: { fastify: ["ctx"] } });
