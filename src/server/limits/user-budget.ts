import type { Redis } from "ioredis";
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
    for (const limiter of limiters) {
      const refusal = await tryConsume(limiter, userId);
      if (refusal) return retryAfterSeconds(refusal);
    }
    return null;
  };
}
