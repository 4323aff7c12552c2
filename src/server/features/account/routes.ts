import type { FastifyInstance, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { fromNodeHeaders } from "better-auth/node";
import {
  EMAIL_CHANGE_FAILED_MESSAGE,
  PASSWORD_CHANGE_FAILED_MESSAGE,
  RECENT_LOGIN_REQUIRED_MESSAGE,
  SAME_EMAIL_MESSAGE,
  WRONG_CURRENT_PASSWORD_MESSAGE,
  WRONG_PASSWORD_MESSAGE,
} from "../../../shared/account-messages";
import {
  changeEmailSchema,
  changePasswordSchema,
  deleteAccountSchema,
  verifyPasswordSchema,
} from "../../../shared/account-schemas";
import { EMAIL_TAKEN_MESSAGE, TOO_MANY_ATTEMPTS_MESSAGE } from "../../../shared/auth-messages";
import type { AttemptLimiter } from "../../auth/attempt-limiter";
import { forward } from "../../auth/routes";
import { revokeResetLinks } from "../../auth/reset-links";
import { NOT_SIGNED_IN_MESSAGE, toPublicUser } from "../../auth/session-reader";
import type { UserDataRemover } from "../../context";
import { HttpError } from "../../http/errors";
import { errorResponses, okSchema } from "../../../shared/responses/common";
import { findUserEmail, isEmailTakenByOther, restoreEmail, scramblePassword } from "./repository";
import { createUndoToken, takeUndoToken } from "./email-change-undo";
import { endSessions } from "../../auth/account-sessions";
import { notifyEmailChanged } from "../notices/security-notices";
import {
  EMAIL_CHANGE_UNDONE_MESSAGE,
  UNDO_EMAIL_TAKEN_MESSAGE,
  UNDO_LINK_INVALID_MESSAGE,
  undoEmailChangeSchema,
} from "../../../shared/sessions";
import {
  RECENT_LOGIN_MAX_AGE_MS,
  checkPassword,
  deleteAccount,
  isReauthBlocked,
  recordPasswordFailure,
} from "./service";

export interface AccountOptions {
  /** Counts wrong current-password attempts per user. */
  reauthLimiter: AttemptLimiter;
  perIpPerMinute: number;
  /** What each feature holds of a user, removed with the account. */
  userDataRemovers: readonly UserDataRemover[];
}

const tags = ["account"];
const okResponses = { 200: okSchema, ...errorResponses };

/** better-auth's error code from its JSON answer, if it has one. */
function errorCode(text: string): string | undefined {
  try {
    return (JSON.parse(text) as { code?: string } | null)?.code;
  } catch {
    return undefined;
  }
}

const wrongPassword = (message: string) =>
  new HttpError(400, message, { password: message }, "INVALID_PASSWORD");

/** Password, email and account deletion; each re-authenticates with the current password. */
function accountPlugin(
  parent: FastifyInstance,
  options: AccountOptions,
  done: (err?: Error) => void,
): void {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const { reauthLimiter, userDataRemovers } = options;
  const { auth, config, events, database } = app.ctx;
  const db = database.db;
  const perIp = { rateLimit: { max: options.perIpPerMinute, timeWindow: 60_000 } };

  /** The session with its start time (the shared guard only needs the user). */
  async function requireFullSession(request: FastifyRequest) {
    const session = await auth.api.getSession({ headers: fromNodeHeaders(request.headers) });
    if (!session) throw new HttpError(401, NOT_SIGNED_IN_MESSAGE, undefined, "UNAUTHENTICATED");
    return {
      user: toPublicUser(session.user),
      sessionId: session.session.id,
      startedAt: new Date(session.session.createdAt).getTime(),
    };
  }

  app.post(
    "/api/account/change-password",
    {
      config: perIp,
      schema: {
        tags,
        summary: "Change the password (ends every other session)",
        body: changePasswordSchema,
        response: okResponses,
      },
    },
    async (request, reply) => {
      const { user, startedAt } = await requireFullSession(request);
      const input = request.body;
      if (Date.now() - startedAt > RECENT_LOGIN_MAX_AGE_MS) {
        throw new HttpError(403, RECENT_LOGIN_REQUIRED_MESSAGE, undefined, "REQUIRES_RECENT_LOGIN");
      }
      if (await isReauthBlocked(reauthLimiter, user.id)) {
        throw new HttpError(429, TOO_MANY_ATTEMPTS_MESSAGE, undefined, "TOO_MANY_ATTEMPTS");
      }
      // better-auth verifies the current password, stores the new hash, ends
      // every session and issues a fresh one for this browser.
      const { status, text } = await forward(
        auth,
        config.publicUrl,
        request,
        reply,
        {
          currentPassword: input.currentPassword,
          newPassword: input.newPassword,
          revokeOtherSessions: true,
        },
        "/api/auth/change-password",
      );
      if (status < 300) {
        // Reset links sent before the change die with the old password.
        await revokeResetLinks(db, user.id);
        // The answer (with this browser's fresh session cookie) goes first;
        // then sockets and cached sessions go (listeners of the event), and
        // this tab reconnects with the new cookie.
        await reply.send({ ok: true as const });
        await events.emit("user.passwordChanged", {
          userId: user.id,
          email: user.email,
          at: Date.now(),
        });
        return reply;
      }
      const code = errorCode(text);
      if (code === "INVALID_PASSWORD") {
        await recordPasswordFailure(reauthLimiter, user.id);
        throw new HttpError(
          400,
          WRONG_CURRENT_PASSWORD_MESSAGE,
          { currentPassword: WRONG_CURRENT_PASSWORD_MESSAGE },
          "INVALID_PASSWORD",
        );
      }
      request.log.warn({ status, code }, "change-password refused by auth");
      throw new HttpError(status >= 500 ? 502 : 400, PASSWORD_CHANGE_FAILED_MESSAGE);
    },
  );

  app.post(
    "/api/account/change-email",
    {
      config: perIp,
      schema: {
        tags,
        summary: "Change the sign-in email (re-authenticates with the password)",
        body: changeEmailSchema,
        response: { 200: z.object({ ok: z.literal(true), email: z.string() }), ...errorResponses },
      },
    },
    async (request, reply) => {
      const { user, sessionId } = await requireFullSession(request);
      const input = request.body;
      if (!(await checkPassword(db, reauthLimiter, user.id, input.password))) {
        throw wrongPassword(WRONG_PASSWORD_MESSAGE);
      }
      if (input.newEmail === user.email) {
        throw new HttpError(
          400,
          SAME_EMAIL_MESSAGE,
          { newEmail: SAME_EMAIL_MESSAGE },
          "SAME_EMAIL",
        );
      }
      // better-auth answers "ok" for a taken email (so outsiders cannot probe);
      // this caller has proved the password, so the spec's message is shown.
      if (await isEmailTakenByOther(db, input.newEmail, user.id)) {
        throw new HttpError(
          409,
          EMAIL_TAKEN_MESSAGE,
          { newEmail: EMAIL_TAKEN_MESSAGE },
          "EMAIL_TAKEN",
        );
      }
      const { status } = await forward(
        auth,
        config.publicUrl,
        request,
        reply,
        { newEmail: input.newEmail },
        "/api/auth/change-email",
      );
      if (status >= 300) {
        request.log.warn({ status }, "change-email refused by auth");
        throw new HttpError(status >= 500 ? 502 : 400, EMAIL_CHANGE_FAILED_MESSAGE);
      }
      // As after a password change: reset links sent to the old address die,
      // and every other browser is signed out (this one stays).
      const change = { userId: user.id, oldEmail: user.email, newEmail: input.newEmail };
      await revokeResetLinks(db, user.id);
      await endSessions(db, events, user.id, { keep: sessionId });
      await events.emit("user.emailChanged", { ...change, at: Date.now() });
      const token = await createUndoToken(db, change);
      await notifyEmailChanged(app.ctx, {
        ...change,
        undoUrl: `${config.publicUrl}/undo-email-change?token=${token}`,
      });
      return reply.send({ ok: true as const, email: input.newEmail });
    },
  );

  app.post(
    "/api/account/undo-email-change",
    {
      config: perIp,
      schema: {
        tags,
        summary:
          "Undo an email change with the link mailed to the old address (7 days, once): the old address returns, every session ends, a reset link goes to it",
        body: undoEmailChangeSchema,
        response: { 200: okSchema.extend({ message: z.string() }), ...errorResponses },
      },
    },
    async (request, reply) => {
      const change = await takeUndoToken(db, request.body.token);
      const current = change && (await findUserEmail(db, change.userId));
      if (!change || !current) {
        throw new HttpError(400, UNDO_LINK_INVALID_MESSAGE, undefined, "INVALID_TOKEN");
      }
      if (await isEmailTakenByOther(db, change.oldEmail, change.userId)) {
        throw new HttpError(409, UNDO_EMAIL_TAKEN_MESSAGE, undefined, "EMAIL_TAKEN");
      }
      await restoreEmail(db, change.userId, change.oldEmail);
      await scramblePassword(db, change.userId);
      await revokeResetLinks(db, change.userId);
      await endSessions(db, events, change.userId, "all");
      await events.emit("user.emailChanged", {
        userId: change.userId,
        oldEmail: current,
        newEmail: change.oldEmail,
        at: Date.now(),
      });
      // Whoever changed the email may know the password: the owner chooses a new one.
      await auth.api.requestPasswordReset({
        body: { email: change.oldEmail, redirectTo: `${config.publicUrl}/reset-password` },
      });
      request.log.info({ userId: change.userId }, "email change undone");
      reply.header("cache-control", "no-store");
      return { ok: true as const, message: EMAIL_CHANGE_UNDONE_MESSAGE };
    },
  );

  app.post(
    "/api/account/verify-password",
    {
      config: perIp,
      schema: {
        tags,
        summary: "Check the current password (first step of deletion)",
        body: verifyPasswordSchema,
        response: okResponses,
      },
    },
    async (request) => {
      const { user } = await requireFullSession(request);
      if (!(await checkPassword(db, reauthLimiter, user.id, request.body.password))) {
        throw wrongPassword(WRONG_PASSWORD_MESSAGE);
      }
      return { ok: true as const };
    },
  );

  app.post(
    "/api/account/delete",
    {
      config: perIp,
      schema: {
        tags,
        summary: "Delete the account and everything of it",
        body: deleteAccountSchema,
        response: okResponses,
      },
    },
    async (request, reply) => {
      const { user } = await requireFullSession(request);
      // Verified again here: the first step's answer proves nothing to the server.
      if (!(await checkPassword(db, reauthLimiter, user.id, request.body.password))) {
        throw wrongPassword(WRONG_PASSWORD_MESSAGE);
      }
      const { fileIds } = await deleteAccount(db, userDataRemovers, user.id);
      request.log.info({ userId: user.id }, "account deleted");
      // Committed: the files' bytes, sockets and cached sessions go now.
      if (fileIds.length > 0) await events.emit("files.deleted", { ids: fileIds });
      await events.emit("user.deleted", { userId: user.id, email: user.email });
      // Expire the session cookie in this browser (the session row is already gone).
      await forward(auth, config.publicUrl, request, reply, {}, "/api/auth/sign-out");
      return reply.status(200).send({ ok: true as const });
    },
  );
  done();
}

export default fp(accountPlugin, {
  name: "account",
  dependencies: ["@fastify/rate-limit"],
  decorators: { fastify: ["ctx"] },
});
