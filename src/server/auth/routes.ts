import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { SIGN_IN_FAILED_MESSAGE, TOO_MANY_ATTEMPTS_MESSAGE } from "../../shared/auth-messages";
import { signInSchema, signUpSchema } from "../../shared/auth-schemas";
import { HttpError, parseInput } from "../http/errors";
import type { AttemptLimiter } from "./attempt-limiter";
import type { Auth } from "./auth";
import { forgetCachedSessions } from "./session-guard";

export interface AuthRoutesOptions {
  auth: Auth;
  publicUrl: string;
  signInLimiter: AttemptLimiter;
  /** Requests per minute per IP on sign-in and sign-up. */
  perIpPerMinute: number;
}

/**
 * Forwards a Fastify request to better-auth's fetch-style handler; `path`
 * names another better-auth endpoint than the request's own URL.
 */
export async function forward(
  auth: Auth,
  publicUrl: string,
  request: FastifyRequest,
  reply: FastifyReply,
  body?: unknown,
  path?: string,
) {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined) continue;
    if (Array.isArray(value)) value.forEach((v) => headers.append(name, v));
    else headers.set(name, value);
  }
  const hasBody = request.method !== "GET" && request.method !== "HEAD";
  const payload = body ?? request.body;
  if (hasBody) headers.set("content-type", "application/json");
  headers.delete("content-length");
  const response = await auth.handler(
    new Request(new URL(path ?? request.url, publicUrl), {
      method: request.method,
      headers,
      body: hasBody ? JSON.stringify(payload ?? {}) : undefined,
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

export function registerAuthRoutes(app: FastifyInstance, options: AuthRoutesOptions): void {
  const { auth, publicUrl, signInLimiter } = options;
  const perIp = { rateLimit: { max: options.perIpPerMinute, timeWindow: 60_000 } };

  // Whatever an auth or account call changed (signed out, new password or
  // email, deleted account), no cached session may outlive it.
  app.addHook("onResponse", (request, _reply, done) => {
    if (request.method !== "GET" && /^\/api\/(auth|account)\//.test(request.url)) {
      forgetCachedSessions(auth);
    }
    done();
  });

  app.post("/api/auth/sign-up/email", { config: perIp }, async (request, reply) => {
    // Only the fields we accept reach better-auth: no client can smuggle in `admin`.
    const input = parseInput(signUpSchema, request.body);
    const { text } = await forward(auth, publicUrl, request, reply, {
      name: input.name,
      email: input.email,
      password: input.password,
    });
    return reply.send(text);
  });

  app.post("/api/auth/sign-in/email", { config: perIp }, async (request, reply) => {
    const input = parseInput(signInSchema, request.body);
    if (await signInLimiter.isBlocked(input.email)) {
      throw new HttpError(429, TOO_MANY_ATTEMPTS_MESSAGE, undefined, "TOO_MANY_ATTEMPTS");
    }
    const { status, text } = await forward(auth, publicUrl, request, reply, {
      email: input.email,
      password: input.password,
      rememberMe: true,
    });
    if (status === 401) {
      await signInLimiter.recordFailure(input.email);
      throw new HttpError(401, SIGN_IN_FAILED_MESSAGE, undefined, "INVALID_CREDENTIALS");
    }
    if (status < 300) await signInLimiter.reset(input.email);
    return reply.send(text);
  });

  // Only the better-auth endpoints the product uses are reachable; the rest
  // (update-user and friends) would bypass our validation.
  app.get("/api/auth/get-session", async (request, reply) => {
    const { text } = await forward(auth, publicUrl, request, reply);
    return reply.send(text);
  });
  app.post("/api/auth/sign-out", async (request, reply) => {
    const { text } = await forward(auth, publicUrl, request, reply);
    return reply.send(text);
  });
}
