import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { fromNodeHeaders } from "better-auth/node";
import {
  changeEmailSchema,
  changePasswordSchema,
  deleteAccountSchema,
  verifyPasswordSchema,
} from "../../../shared/account-schemas";
import type { AttemptLimiter } from "../../auth/attempt-limiter";
import { forward } from "../../auth/routes";
import { NOT_SIGNED_IN_MESSAGE, toPublicUser } from "../../auth/session-reader";
import type { UserDataRemover } from "../../context";
import { HttpError } from "../../http/errors";
import { perIpLimit, type RequestLimitHook } from "../../limits/request-limit";
import { emailChangedSchema } from "../../../shared/responses/account";
import { errorResponses, okMessageSchema, okSchema } from "../../../shared/responses/common";
import { EMAIL_CHANGE_UNDONE_MESSAGE, undoEmailChangeSchema } from "../../../shared/sessions";
import { AccountService, type AuthCall, type FullSession } from "./service";

export interface AccountOptions {
  /** Counts wrong current-password attempts per user. */
  reauthLimiter: AttemptLimiter;
  perIpPerMinute: number;
  /** What each feature holds of a user, removed with the account. */
  userDataRemovers: readonly UserDataRemover[];
}

const tags = ["account"];
const okResponses = { 200: okSchema, ...errorResponses };

/** What every account route uses: the service, the per-IP limit and two session helpers. */
interface AccountRouteDeps {
  service: AccountService;
  perIp: RequestLimitHook;
  /** The session with its start time (the shared guard only needs the user). */
  requireFullSession: (request: FastifyRequest) => Promise<FullSession>;
  /** better-auth, called with this request's cookies; its cookies go on this reply. */
  authFor: (request: FastifyRequest, reply: FastifyReply) => AuthCall;
}

/** Password, email and account deletion; each re-authenticates with the current password. */
function accountPlugin(
  app: FastifyInstance,
  options: AccountOptions,
  done: (err?: Error) => void,
): void {
  const { auth, config, events, database, mail } = app.ctx;
  const service = new AccountService({
    db: database.db,
    events,
    auth,
    publicUrl: config.publicUrl,
    notices: { database, config, mail },
    reauthLimiter: options.reauthLimiter,
    userDataRemovers: options.userDataRemovers,
  });
  const authFor =
    (request: FastifyRequest, reply: FastifyReply): AuthCall =>
    (path, body) =>
      forward(auth, config.publicUrl, request, reply, body, path);
  const perIp = perIpLimit("account", options.perIpPerMinute, app.ctx.redis);

  async function requireFullSession(request: FastifyRequest): Promise<FullSession> {
    const session = await auth.api.getSession({ headers: fromNodeHeaders(request.headers) });
    if (!session) throw new HttpError(401, NOT_SIGNED_IN_MESSAGE, undefined, "UNAUTHENTICATED");
    return {
      user: toPublicUser(session.user),
      sessionId: session.session.id,
      startedAt: new Date(session.session.createdAt).getTime(),
    };
  }

  const deps: AccountRouteDeps = { service, perIp, requireFullSession, authFor };
  registerCredentialRoutes(app, deps);
  registerDeletionRoutes(app, deps);
  done();
}

/** Changing the password or the email, and undoing an email change from the mailed link. */
function registerCredentialRoutes(parent: FastifyInstance, deps: AccountRouteDeps): void {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const { service, perIp, requireFullSession, authFor } = deps;

  app.post(
    "/api/account/change-password",
    {
      onRequest: perIp,
      schema: {
        tags,
        summary: "Change the password (ends every other session)",
        body: changePasswordSchema,
        response: okResponses,
      },
    },
    async (request, reply) => {
      const session = await requireFullSession(request);
      const answer = () => reply.send({ ok: true as const });
      await service.changePassword(
        session,
        request.body,
        authFor(request, reply),
        answer,
        request.log,
      );
      return reply;
    },
  );

  app.post(
    "/api/account/change-email",
    {
      onRequest: perIp,
      schema: {
        tags,
        summary: "Change the sign-in email (re-authenticates with the password)",
        body: changeEmailSchema,
        response: { 200: emailChangedSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const session = await requireFullSession(request);
      return service.changeEmail(session, request.body, authFor(request, reply), request.log);
    },
  );

  app.post(
    "/api/account/undo-email-change",
    {
      onRequest: perIp,
      schema: {
        tags,
        summary:
          "Undo an email change with the link mailed to the old address (7 days, once): the old address returns, every session ends, a reset link goes to it",
        body: undoEmailChangeSchema,
        response: { 200: okMessageSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      await service.undoEmailChange(request.body.token, request.log);
      reply.header("cache-control", "no-store");
      return { ok: true as const, message: EMAIL_CHANGE_UNDONE_MESSAGE };
    },
  );
}

/** Deleting the account: the password is checked first, then everything goes. */
function registerDeletionRoutes(parent: FastifyInstance, deps: AccountRouteDeps): void {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const { service, perIp, requireFullSession, authFor } = deps;

  app.post(
    "/api/account/verify-password",
    {
      onRequest: perIp,
      schema: {
        tags,
        summary: "Check the current password (first step of deletion)",
        body: verifyPasswordSchema,
        response: okResponses,
      },
    },
    async (request) => {
      const { user } = await requireFullSession(request);
      await service.verifyPassword(user, request.body.password);
      return { ok: true as const };
    },
  );

  app.post(
    "/api/account/delete",
    {
      onRequest: perIp,
      schema: {
        tags,
        summary: "Delete the account and everything of it",
        body: deleteAccountSchema,
        response: okResponses,
      },
    },
    async (request, reply) => {
      const { user } = await requireFullSession(request);
      await service.delete(user, request.body, authFor(request, reply), request.log);
      return reply.status(200).send({ ok: true as const });
    },
  );
}

export default fp(accountPlugin, {
  name: "account",
  decorators: { fastify: ["ctx"] },
});
