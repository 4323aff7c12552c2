import type { Redis } from "ioredis";
import {
  RateLimiterMemory,
  RateLimiterRedis,
  RateLimiterRes,
  type RateLimiterAbstract,
} from "rate-limiter-flexible";

export interface RateLimit {
  /** Namespaces the keys: one limiter per kind of thing counted. */
  keyPrefix: string;
  points: number;
  durationSeconds: number;
}

/**
 * A rate-limiter-flexible limiter: in Redis when configured, so every
 * instance counts the same budget, in memory otherwise. When Redis is
 * unreachable the in-memory insurance limiter keeps counting per instance
 * rather than letting everything through or refusing everything.
 */
export function createRateLimiter(limit: RateLimit, redis?: Redis): RateLimiterAbstract {
  const options = {
    keyPrefix: `portal:${limit.keyPrefix}`,
    points: limit.points,
    duration: limit.durationSeconds,
  };
  if (!redis) return new RateLimiterMemory(options);
  return new RateLimiterRedis({
    ...options,
    storeClient: redis,
    insuranceLimiter: new RateLimiterMemory(options),
  });
}

/** Seconds until a refused consumer may try again (never 0, so Retry-After means something). */
export function retryAfterSeconds(refusal: unknown): number {
  const ms = refusal instanceof RateLimiterRes ? refusal.msBeforeNext : 1000;
  return Math.max(1, Math.ceil(ms / 1000));
}

/**
 * Consumes one point; resolves null when allowed, the refusal otherwise.
 * Store errors (not refusals) are thrown, the caller's error path handles them.
 * A promise chain rather than an async function: it runs on every chat send.
 */
export function tryConsume(
  limiter: RateLimiterAbstract,
  key: string,
  points = 1,
): Promise<RateLimiterRes | null> {
  return limiter.consume(key, points).then(allowed, refusalOrThrow);
}

const allowed = (): null => null;

function refusalOrThrow(err: unknown): RateLimiterRes {
  if (err instanceof RateLimiterRes) return err;
  throw err;
}
