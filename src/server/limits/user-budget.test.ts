import { randomUUID } from "node:crypto";
import { Redis } from "ioredis";
import { afterEach, describe, expect, it, vi } from "vitest";
import { enginesUnavailable, skipUnlessAvailable } from "../test/engines-available";
import { createUserBudget } from "./user-budget";

const PG_URL = process.env.TEST_POSTGRES_URL ?? "postgres://postgres@127.0.0.1:5432/test";
const REDIS_URL = process.env.TEST_REDIS_URL ?? "redis://127.0.0.1:6379";

afterEach(() => {
  vi.useRealTimers();
});

describe("a user's budget of two windows", () => {
  it("charges neither window for an action one of them refuses", async () => {
    vi.useFakeTimers();
    const budget = createUserBudget(`test-${randomUUID()}`, [
      { points: 2, durationSeconds: 10 },
      { points: 3, durationSeconds: 60 },
    ]);
    expect(await budget("u")).toBeNull();
    expect(await budget("u")).toBeNull();
    // The burst is spent: refused, with the burst window's wait.
    const burstWait = await budget("u");
    expect(burstWait).toBeGreaterThan(0);
    expect(burstWait).toBeLessThanOrEqual(10);

    // A new burst window: the minute still holds one point, as the refusal spent none.
    await vi.advanceTimersByTimeAsync(10_000);
    expect(await budget("u")).toBeNull();
    const minuteWait = await budget("u");
    expect(minuteWait).toBeGreaterThan(10);
    expect(minuteWait).toBeLessThanOrEqual(50);
    // Another user's budget is their own.
    expect(await budget("v")).toBeNull();
  });

  it("asks Redis for both windows in one write", async (ctx) => {
    skipUnlessAvailable(ctx, await enginesUnavailable(PG_URL, REDIS_URL));
    const redis = new Redis(REDIS_URL, { enableAutoPipelining: true });
    try {
      const name = `test-${randomUUID()}`;
      const budget = createUserBudget(
        name,
        [
          { points: 1, durationSeconds: 10 },
          { points: 5, durationSeconds: 60 },
        ],
        redis,
      );
      expect(await budget("u")).toBeNull(); // loads the limiter's script
      const write = vi.spyOn(redis.stream, "write");
      expect(await budget("v")).toBeNull();
      expect(write).toHaveBeenCalledTimes(1);

      // Refused by the burst: the minute's point is given back.
      expect(await budget("v")).toBeGreaterThan(0);
      const minute = await redis.keys(`*${name}:60s*v`);
      expect(minute).toHaveLength(1);
      expect(await redis.get(minute[0]!)).toBe("1");
    } finally {
      redis.disconnect();
    }
  });
});
