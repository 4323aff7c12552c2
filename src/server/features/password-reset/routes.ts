import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { errorResponses, okMessageSchema, okSchema } from "../../../shared/responses/common";
import { forward } from "../../auth/routes";
import type { Redis } from "ioredis";
import {
  createMemoryAttemptLimiter,
  type AttemptLimit,
  type AttemptLimiter,
} from "../../auth/attempt-limiter";
import { createRedisAttemptLimiter } from "../../auth/redis-attempt-limiter";
import { HttpError } from "../../http/errors";
import { perIpLimit, type RequestLimitHook } from "../../limits/request-limit";
import {
  FORGOT_PASSWORD_SENT_MESSAGE,
  RESET_LINK_INVALID_MESSAGE,
  TOO_MANY_RESET_REQUESTS_MESSAGE,
  forgotPasswordSchema,
  resetPasswordSchema,
  resetTokenQuerySchema,
} from "../../../shared/password-reset";
import { PASSWORD_CHANGE_FAILED_MESSAGE } from "../../../shared/account-messages";
import { isResetTokenUsable } from "./reset-tokens";
import {
  createResetRequestPriorities,
  recordResetRequest,
  registerResetRequests,
} from "./reset-requests";

/**
 * Three reset requests per requester (address and email) and hour, counted
 * across instances with Redis. Per requester, not per email: someone asking
 * for another person's email from elsewhere cannot lock the owner out.
 */
export const RESET_REQUEST_LIMIT: AttemptLimit = { maxFailures: 3, windowMs: 60 * 60_000 };

export function resetRequestLimiter(redis: Redis | undefined): AttemptLimiter {
  return redis
    ? createRedisAttemptLimiter(redis, RESET_REQUEST_LIMIT, "portal:reset-requests:")
    : createMemoryAttemptLimiter(RESET_REQUEST_LIMIT);
}

export interface PasswordResetRoutesOptions {
  /** Counts reset requests per requester: IP and email (3 an hour). */
  perRequesterLimiter: AttemptLimiter;
  perIpPerMinute: number;
}

const invalidLink = () =>
  new HttpError(
    400,
    RESET_LINK_INVALID_MESSAGE,
    { token: RESET_LINK_INVALID_MESSAGE },
    "INVALID_TOKEN",
  );

const tags = ["auth"];

/** Whether a body the schema refused still carries a token of the right form. */
function hasWellFormedToken(body: unknown): boolean {
  const token =
    typeof body === "object" && body !== null && "token" in body ? body.token : undefined;
  return resetTokenQuerySchema.shape.token.safeParse(token).success;
}

/**
 * Forgot password and reset through better-auth's requestPasswordReset and
 * resetPassword: single-use tokens valid for 30 minutes, sessions revoked on
 * success. Our routes validate, limit, and keep the answers constant.
 */
function passwordResetPlugin(
  app: FastifyInstance,
  options: PasswordResetRoutesOptions,
  done: (err?: Error) => void,
): void {
  registerResetRequests(app.ctx);
  const perIp = perIpLimit("password-reset", options.perIpPerMinute, app.ctx.redis);
  registerForgotPasswordRoute(app, perIp, options.perRequesterLimiter);
  registerResetPasswordRoutes(app, perIp);
  done();
}

/** Asking for a reset link: limited per requester, the same answer for every email. */
function registerForgotPasswordRoute(
  parent: FastifyInstance,
  perIp: RequestLimitHook,
  perRequesterLimiter: AttemptLimiter,
): void {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;
  const priorityOf = createResetRequestPriorities();
  app.post(
    "/api/auth/forgot-password",
    {
      onRequest: perIp,
      schema: {
        tags,
        summary: "Mail a reset link (the same answer whether or not the account exists)",
        body: forgotPasswordSchema,
        response: { 200: okMessageSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const { email } = request.body;
      // Counted whether or not the account exists, so the limit reveals nothing.
      if (!(await perRequesterLimiter.claim(`${request.ip}|${email}`))) {
        throw new HttpError(429, TOO_MANY_RESET_REQUESTS_MESSAGE, undefined, "TOO_MANY_ATTEMPTS");
      }
      // The same work for every email: one recorded job. Looking the account
      // up, issuing the token and rendering the mail happen after the answer
      // has left, so its timing cannot tell known from unknown emails.
      const job = await recordResetRequest(ctx, email, priorityOf(request.ip, email));
      reply.raw.once("close", () => void ctx.mail.wake(job));
      return reply.status(200).send({ ok: true, message: FORGOT_PASSWORD_SENT_MESSAGE });
    },
  );
}

/** Using a reset link: whether it is still good, and setting the new password. */
function registerResetPasswordRoutes(parent: FastifyInstance, perIp: RequestLimitHook): void {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const { auth, config, database } = app.ctx;

  /** Lets the reset page say at once that a link is spent, before anyone types. */
  app.get(
    "/api/auth/reset-password/status",
    {
      onRequest: perIp,
      // Any malformed query is the same spent link, not a validation error.
      attachValidation: true,
      schema: {
        tags,
        summary: "Whether a reset link can still be used",
        querystring: resetTokenQuerySchema,
        response: { 200: okSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      if (
        request.validationError ||
        !(await isResetTokenUsable(database.db, request.query.token))
      ) {
        throw invalidLink();
      }
      reply.header("cache-control", "no-store");
      return { ok: true as const };
    },
  );

  app.post(
    "/api/auth/reset-password",
    {
      onRequest: perIp,
      // The handler decides what a refused body answers (a bad token first).
      attachValidation: true,
      schema: {
        tags,
        summary: "Set a new password with an emailed token; every session ends",
        body: resetPasswordSchema,
        response: { 200: okSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      if (request.validationError) {
        // A spent or forged token is the first thing to say, whatever else is wrong.
        if (!hasWellFormedToken(request.body)) throw invalidLink();
        throw request.validationError;
      }
      const input = request.body;
      const { status, text } = await forward(
        auth,
        config.publicUrl,
        request,
        reply,
        { token: input.token, newPassword: input.newPassword },
        "/api/auth/reset-password",
      );
      if (status < 300) return reply.send({ ok: true as const });
      if (/INVALID_TOKEN|USER_NOT_FOUND/.test(text)) throw invalidLink();
      request.log.warn({ status }, "reset-password refused by auth");
      throw new HttpError(status >= 500 ? 502 : 400, PASSWORD_CHANGE_FAILED_MESSAGE);
    },
  );
}

export default fp(passwordResetPlugin, {
  name: "password-reset",
  decorators: { fastify: ["ctx"] },
});
