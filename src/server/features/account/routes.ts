import type { FastifyInstance, FastifyRequest } from "fastify";
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
import { NOT_SIGNED_IN_MESSAGE, toPublicUser } from "../../auth/session-guard";
import { HttpError, parseInput } from "../../http/errors";
import { isEmailTakenByOther } from "./repository";
import {
  RECENT_LOGIN_MAX_AGE_MS,
  checkPassword,
  deleteAccount,
  isReauthBlocked,
  recordPasswordFailure,
} from "./service";

export interface AccountRoutesOptions {
  /** Counts wrong current-password attempts per user. */
  reauthLimiter: AttemptLimiter;
  perIpPerMinute: number;
}

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
export function registerAccountRoutes(app: FastifyInstance, options: AccountRoutesOptions): void {
  const { reauthLimiter } = options;
  const { auth, config } = app.ctx;
  const perIp = { rateLimit: { max: options.perIpPerMinute, timeWindow: 60_000 } };

  /** The session with its start time (the shared guard only needs the user). */
  async function requireFullSession(request: FastifyRequest) {
    const session = await auth.api.getSession({ headers: fromNodeHeaders(request.headers) });
    if (!session) throw new HttpError(401, NOT_SIGNED_IN_MESSAGE, undefined, "UNAUTHENTICATED");
    return {
      user: toPublicUser(session.user),
      startedAt: new Date(session.session.createdAt).getTime(),
    };
  }

  app.post("/api/account/change-password", { config: perIp }, async (request, reply) => {
    const { user, startedAt } = await requireFullSession(request);
    const input = parseInput(changePasswordSchema, request.body);
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
      // Sockets are authorised at the handshake: close them all; this tab
      // reconnects with its fresh session cookie.
      app.realtime.disconnectUser(user.id);
      return reply.send({ ok: true });
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
  });

  app.post("/api/account/change-email", { config: perIp }, async (request, reply) => {
    const { user } = await requireFullSession(request);
    const input = parseInput(changeEmailSchema, request.body);
    if (!(await checkPassword(app.ctx, reauthLimiter, user.id, input.password))) {
      throw wrongPassword(WRONG_PASSWORD_MESSAGE);
    }
    if (input.newEmail === user.email) {
      throw new HttpError(400, SAME_EMAIL_MESSAGE, { newEmail: SAME_EMAIL_MESSAGE }, "SAME_EMAIL");
    }
    // better-auth answers "ok" for a taken email (so outsiders cannot probe);
    // this caller has proved the password, so the spec's message is shown.
    if (await isEmailTakenByOther(app.ctx.database.db, input.newEmail, user.id)) {
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
    return reply.send({ ok: true, email: input.newEmail });
  });

  app.post("/api/account/verify-password", { config: perIp }, async (request) => {
    const { user } = await requireFullSession(request);
    const input = parseInput(verifyPasswordSchema, request.body);
    if (!(await checkPassword(app.ctx, reauthLimiter, user.id, input.password))) {
      throw wrongPassword(WRONG_PASSWORD_MESSAGE);
    }
    return { ok: true };
  });

  app.post("/api/account/delete", { config: perIp }, async (request, reply) => {
    const { user } = await requireFullSession(request);
    const input = parseInput(deleteAccountSchema, request.body);
    // Verified again here: the first step's answer proves nothing to the server.
    if (!(await checkPassword(app.ctx, reauthLimiter, user.id, input.password))) {
      throw wrongPassword(WRONG_PASSWORD_MESSAGE);
    }
    await deleteAccount(app.ctx, user.id);
    request.log.info({ userId: user.id }, "account deleted");
    // Expire the session cookie in this browser (the session row is already gone).
    await forward(auth, config.publicUrl, request, reply, {}, "/api/auth/sign-out");
    return reply.status(200).send({ ok: true });
  });
}
