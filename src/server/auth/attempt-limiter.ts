/**
 * Counts failed attempts per key (an email) in a sliding window. The
 * interface is async so a shared store (Redis) can stand in for the memory one.
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

export function createMemoryAttemptLimiter(
  limit: AttemptLimit,
  now: () => number = Date.now,
): AttemptLimiter {
  const failures = new Map<string, number[]>();
  const recent = (key: string) => {
    const cutoff = now() - limit.windowMs;
    const list = (failures.get(key) ?? []).filter((t) => t > cutoff);
    if (list.length) failures.set(key, list);
    else failures.delete(key);
    return list;
  };
  return {
    isBlocked: (key) => Promise.resolve(recent(key).length >= limit.maxFailures),
    recordFailure: (key) => {
      failures.set(key, [...recent(key), now()]);
      return Promise.resolve();
    },
    reset: (key) => {
      failures.delete(key);
      return Promise.resolve();
    },
  };
}
