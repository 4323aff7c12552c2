import type { Redis } from "ioredis";
import { createRateLimiter } from "../limits/rate-limiter";

/**
 * Counts failed attempts per key (an email, a user id) in a window that
 * starts at the first failure. The interface is async so a shared store
 * (Redis) can stand in for the memory one.
 */
export interface AttemptLimiter {
  /** True when the key has used up its failures in the current window. */
  isBlocked(key: string): Promise<boolean>;
  recordFailure(key: string): Promise<void>;
  reset(key: string): Promise<void>;
}

export interface AttemptLimit {
  maxFailures: number;
  windowMs: number;
}

/** The spec'd default: the 4th failed sign-in for one email within 10 s is refused. */
export const SIGN_IN_LIMIT: AttemptLimit = { maxFailures: 3, windowMs: 10_000 };

/**
 * rate-limiter-flexible underneath: `penalty` records a failure without
 * refusing it, `get` reads the count, so the check stays before the
 * password hash and a correct password after a block is still refused.
 */
export function createAttemptLimiter(
  limit: AttemptLimit,
  redis?: Redis,
  keyPrefix = "attempts",
): AttemptLimiter {
  const limiter = createRateLimiter(
    {
      keyPrefix,
      points: limit.maxFailures,
      // rate-limiter-flexible counts whole seconds (Redis expiry granularity).
      durationSeconds: Math.max(1, Math.ceil(limit.windowMs / 1000)),
    },
    redis,
  );
  return {
    async isBlocked(key) {
      const state = await limiter.get(key);
      return state !== null && state.consumedPoints >= limit.maxFailures;
    },
    async recordFailure(key) {
      await limiter.penalty(key, 1);
    },
    async reset(key) {
      await limiter.delete(key);
    },
  };
}

export function createMemoryAttemptLimiter(limit: AttemptLimit): AttemptLimiter {
  return createAttemptLimiter(limit);
}
