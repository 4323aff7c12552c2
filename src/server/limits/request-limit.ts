import type { FastifyRequest } from "fastify";
import type { Redis } from "ioredis";
import { HttpError, TOO_MANY_REQUESTS_MESSAGE } from "../http/errors";
import { createRateLimiter, retryAfterSeconds, tryConsume } from "./rate-limiter";

export interface RequestLimit {
  /** Names the budget's keys in the store: one limiter per kind of budget. */
  name: string;
  points: number;
  durationSeconds: number;
  /** Whose budget a request spends: the client's address unless given. */
  key?: (request: FastifyRequest) => string | Promise<string>;
}

/** A route's onRequest hook: refuses with 429 once the requester's budget is spent. */
export type RequestLimitHook = (request: FastifyRequest) => Promise<void>;

/**
 * A per-route request budget as an onRequest hook (`onRequest: limit` in the
 * route options), counted by rate-limiter-flexible: in Redis when
 * configured, so every instance counts the same budget, in memory otherwise.
 * Each route sharing the hook has its own count (sign-in and sign-up each
 * allow `points` per window per address). It runs before the body is read,
 * so a refused request costs no parsing, validation or hashing.
 */
export function requestLimit(limit: RequestLimit, redis?: Redis): RequestLimitHook {
  const limiter = createRateLimiter(
    {
      keyPrefix: `requests:${limit.name}:${limit.durationSeconds}s`,
      points: limit.points,
      durationSeconds: limit.durationSeconds,
    },
    redis,
  );
  const requester = limit.key ?? ((request: FastifyRequest) => `ip:${request.ip}`);
  return async (request) => {
    const route = `${request.method} ${request.routeOptions.url ?? request.url}`;
    const refusal = await tryConsume(limiter, `${route} ${await requester(request)}`);
    if (refusal) {
      throw new HttpError(
        429,
        TOO_MANY_REQUESTS_MESSAGE,
        undefined,
        "TOO_MANY_REQUESTS",
        retryAfterSeconds(refusal),
      );
    }
  };
}

/** `points` requests per minute per client address, per route. */
export function perIpLimit(name: string, points: number, redis?: Redis): RequestLimitHook {
  return requestLimit({ name, points, durationSeconds: 60 }, redis);
}
