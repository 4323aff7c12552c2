import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  SIGN_IN_FAILED_MESSAGE,
  SIGN_UP_FAILED_MESSAGE,
  TOO_MANY_ATTEMPTS_MESSAGE,
} from "../../shared/auth-messages";
import { signInSchema, signUpSchema } from "../../shared/auth-schemas";
import { authSessionSchema, signedInSchema, signedOutSchema } from "../../shared/responses/auth";
import { apiErrorSchema, errorResponses } from "../../shared/responses/common";
import { HttpError } from "../http/errors";
import { perIpLimit, type RequestLimitHook } from "../limits/request-limit";
import type { AttemptLimiter } from "./attempt-limiter";
import type { Auth } from "./auth";
import { hashPassword } from "./password-hasher";
import { signOut } from "./sign-out-service";
import { noBodySchema, noQuerySchema } from "../../shared/no-input";
import { isEmailHeld } from "./email-hold-repository";
import { scheduleExpirySweep } from "./expiry-sweep";

/**
 * Forwards a Fastify request to better-auth endpoint `path` (its cookies and
 * headers) with the body we built, never the client's raw one.
 */
export async function forward(
  auth: Auth,
  publicUrl: string,
  request: FastifyRequest,
  reply: FastifyReply,
  body: unknown,
  path: string,
) {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined) continue;
    if (Array.isArray(value)) value.forEach((v) => headers.append(name, v));
    else headers.set(name, value);
  }
  // better-auth records the address it finds in X-Forwarded-For on the
  // session: it gets the one Fastify resolved under TRUST_PROXY, never the
  // client's own claim.
  for (const name of ["forwarded", "x-forwarded-for", "x-real-ip"]) headers.delete(name);
  headers.set("x-forwarded-for", request.ip);
  const hasBody = request.method !== "GET" && request.method !== "HEAD";
  if (hasBody) headers.set("content-type", "application/json");
  headers.delete("content-length");
  const response = await auth.handler(
    new Request(new URL(path, publicUrl), {
      method: request.method,
      headers,
      body: hasBody ? JSON.stringify(body ?? {}) : undefined,
    }),
  );
  reply.status(response.status);
  response.headers.forEach((value, name) => {
    if (name !== "set-cookie" && name !== "content-length") reply.header(name, value);
  });
  const cookies = response.headers.getSetCookie();
  if (cookies.length) reply.header("set-cookie", cookies);
  const text = await response.text();
  return { status: response.status, text };
}

const tags = ["auth"];
const UNPROCESSABLE = "The request could not be processed.";

/** better-auth's JSON answer as an object, so the route's response schema can strip it. */
function parseAuthAnswer(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return { message: UNPROCESSABLE };
  }
}

/**
 * better-auth's answer, typed by the route's success schema. A refusal is
 * passed on with its status, message and code (the API's error shape); an
 * answer of an unexpected shape is a 500, as the response schema would make it.
 */
function authAnswer<S extends z.ZodType>(
  schema: S,
  { status, text }: { status: number; text: string },
): z.output<S> {
  const json = parseAuthAnswer(text);
  if (status >= 300) {
    const refusal = apiErrorSchema.safeParse(json);
    if (!refusal.success) throw new Error(`better-auth answered ${status} without a message`);
    throw new HttpError(status, refusal.data.message, undefined, refusal.data.code);
  }
  const answer = schema.safeParse(json);
  if (!answer.success) throw new Error("better-auth's answer does not match its schema");
  return answer.data;
}

export interface AuthOptions {
  signInLimiter: AttemptLimiter;
  /** Requests per minute per IP on sign-in and sign-up. */
  perIpPerMinute: number;
}

/** The four better-auth endpoints the product uses, behind our own validation. */
function authPlugin(app: FastifyInstance, options: AuthOptions, done: (err?: Error) => void): void {
  const perIp = perIpLimit("auth", options.perIpPerMinute, app.ctx.redis);
  registerSignUpRoute(app, perIp);
  registerSignInRoute(app, perIp, options.signInLimiter);
  registerSessionRoutes(app);
  scheduleExpirySweep(app);
  done();
}

function registerSignUpRoute(parent: FastifyInstance, perIp: RequestLimitHook): void {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const { auth, config } = app.ctx;
  const { publicUrl } = config;
  app.post(
    "/api/auth/sign-up/email",
    {
      onRequest: perIp,
      schema: {
        tags,
        summary: "Create an artist account and sign in",
        body: signUpSchema,
        response: { 200: signedInSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      // Only the fields we accept reach better-auth: no client can smuggle in `admin`.
      const input = request.body;
      // An address held while its owner may undo an email change is taken, as an account's is.
      if (await isEmailHeld(app.ctx.database.db, input.email)) {
        await hashPassword(input.password);
        throw new HttpError(422, SIGN_UP_FAILED_MESSAGE, undefined, "SIGN_UP_FAILED");
      }
      const answer = await forward(
        auth,
        publicUrl,
        request,
        reply,
        { name: input.name, email: input.email, password: input.password },
        "/api/auth/sign-up/email",
      );
      const { status, text } = answer;
      if (status >= 400 && status < 500) {
        // An existing email fails before better-auth hashes anything: hash
        // anyway, so both cases cost the same time, and answer both with the
        // spec's one text, so sign-up cannot tell whether an account exists.
        if (/USER_ALREADY_EXISTS/.test(text)) await hashPassword(input.password);
        throw new HttpError(422, SIGN_UP_FAILED_MESSAGE, undefined, "SIGN_UP_FAILED");
      }
      return authAnswer(signedInSchema, answer);
    },
  );
}

function registerSignInRoute(
  parent: FastifyInstance,
  perIp: RequestLimitHook,
  signInLimiter: AttemptLimiter,
): void {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const { auth, config } = app.ctx;
  const { publicUrl } = config;
  app.post(
    "/api/auth/sign-in/email",
    {
      onRequest: perIp,
      schema: {
        tags,
        summary: "Sign in with email and password",
        body: signInSchema,
        response: { 200: signedInSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const input = request.body;
      // The attempt is counted before the password is checked (one atomic
      // increment), so concurrent wrong passwords cannot all slip past a
      // check none of them has failed yet.
      if (!(await signInLimiter.claim(input.email))) {
        throw new HttpError(429, TOO_MANY_ATTEMPTS_MESSAGE, undefined, "TOO_MANY_ATTEMPTS");
      }
      let answer: { status: number; text: string };
      try {
        answer = await forward(
          auth,
          publicUrl,
          request,
          reply,
          { email: input.email, password: input.password, rememberMe: true },
          "/api/auth/sign-in/email",
        );
      } catch (err) {
        // No answer (a busy hasher, an outage): the attempt does not count.
        await signInLimiter.release(input.email).catch(() => undefined);
        throw err;
      }
      const { status } = answer;
      if (status === 401) {
        throw new HttpError(401, SIGN_IN_FAILED_MESSAGE, undefined, "INVALID_CREDENTIALS");
      }
      if (status < 300) await signInLimiter.reset(input.email);
      else await signInLimiter.release(input.email);
      return authAnswer(signedInSchema, answer);
    },
  );
}

/** Reading the current session and signing out. */
function registerSessionRoutes(parent: FastifyInstance): void {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const { auth, config, sessions, events } = app.ctx;
  const { publicUrl } = config;
  // Only the better-auth endpoints the product uses are reachable; the rest
  // (update-user and friends) would bypass our validation.
  app.get(
    "/api/auth/get-session",
    {
      // better-auth answers GET only; a HEAD would be forwarded to a 404.
      exposeHeadRoute: false,
      schema: {
        tags,
        summary: "The current session, or null",
        querystring: noQuerySchema,
        response: { 200: authSessionSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const answer = await forward(
        auth,
        publicUrl,
        request,
        reply,
        undefined,
        "/api/auth/get-session",
      );
      return authAnswer(authSessionSchema, answer);
    },
  );

  app.post(
    "/api/auth/sign-out",
    {
      schema: {
        tags,
        summary: "Sign out this browser (its sockets close)",
        body: noBodySchema,
        response: { 200: signedOutSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      // The body is never read: better-auth gets an empty one.
      const answer = await signOut({ sessions, events }, request.headers, () =>
        forward(auth, publicUrl, request, reply, {}, "/api/auth/sign-out"),
      );
      return authAnswer(signedOutSchema, answer);
    },
  );
}

export default fp(authPlugin, {
  name: "auth",
  decorators: { fastify: ["ctx"] },
});
