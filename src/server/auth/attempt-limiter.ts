import type { Redis } from "ioredis";
import { createRateLimiter, tryConsume } from "../limits/rate-limiter";

/**
 * Counts failed attempts per key (an email, a user id) in a window that
 * starts at the first failure. The interface is async so a shared store
 * (Redis) can stand in for the memory one.
 */
export interface AttemptLimiter {
  /** True when the key has used up its failures in the current window. */
  isBlocked(key: string): Promise<boolean>;
  recordFailure(key: string): Promise<void>;
  /**
   * Counts an attempt before it is checked, atomically (one increment in
   * memory or in Redis): false when the key has no attempts left. Concurrent
   * attempts cannot all pass a check made before any of them failed.
   * A success calls reset; an attempt that never got an answer calls release.
   */
  claim(key: string): Promise<boolean>;
  /** Gives back a claimed attempt that was neither a success nor a failure (a 503). */
  release(key: string): Promise<void>;
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
    async claim(key) {
      return (await tryConsume(limiter, key)) === null;
    },
    async release(key) {
      await limiter.reward(key, 1);
    },
    async reset(key) {
      await limiter.delete(key);
    },
  };
}

export function createMemoryAttemptLimiter(limit: AttemptLimit): AttemptLimiter {
  return createAttemptLimiter(limit);
}
