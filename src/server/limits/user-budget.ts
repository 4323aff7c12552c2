import type { Redis } from "ioredis";
import type { RateLimiterAbstract, RateLimiterRes } from "rate-limiter-flexible";
import { createRateLimiter, retryAfterSeconds, tryConsume } from "./rate-limiter";

export interface BudgetWindow {
  points: number;
  durationSeconds: number;
}

/**
 * Takes one unit of a user's budget for one kind of action: resolves null
 * when allowed, or the seconds until the user may try again.
 */
export type UserBudget = (userId: string) => Promise<number | null>;

/**
 * A budget of one or more windows (a burst and a sustained rate), each a
 * rate-limiter-flexible limiter: in Redis when configured, so every instance
 * counts the same budget, in memory otherwise. Every window must allow.
 *
 * The windows are asked at once: with Redis their commands leave in one write
 * (the client pipelines a turn's commands), one round trip per send instead
 * of one per window. A refused action spends no window's budget: the windows
 * that allowed it get their point back (a second round trip, on refusals only).
 */
export function createUserBudget(
  name: string,
  windows: readonly BudgetWindow[],
  redis?: Redis,
): UserBudget {
  const limiters = windows.map((w) =>
    createRateLimiter(
      {
        keyPrefix: `${name}:${w.durationSeconds}s`,
        points: w.points,
        durationSeconds: w.durationSeconds,
      },
      redis,
    ),
  );
  return async (userId) => {
    const outcomes = await Promise.allSettled(
      limiters.map((limiter) => tryConsume(limiter, userId)),
    );
    const refusals: RateLimiterRes[] = [];
    const allowedBy: RateLimiterAbstract[] = [];
    let failure: { reason: unknown } | undefined;
    outcomes.forEach((outcome, i) => {
      if (outcome.status === "rejected") failure ??= { reason: outcome.reason };
      else if (outcome.value) refusals.push(outcome.value);
      else allowedBy.push(limiters[i]!);
    });
    if (!failure && refusals.length === 0) return null;
    await Promise.all(allowedBy.map((limiter) => limiter.reward(userId, 1)));
    if (failure) throw failure.reason;
    return Math.max(...refusals.map(retryAfterSeconds));
  };
}
