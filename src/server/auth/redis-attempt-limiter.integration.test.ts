import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { skipUnlessAvailable } from "../test/engines-available";
import { createRedisAttemptLimiter } from "./redis-attempt-limiter";

const url = process.env.TEST_REDIS_URL ?? "redis://127.0.0.1:6379";
let redis: Redis;
let available = true;

beforeAll(async () => {
  redis = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 1 });
  try {
    await redis.connect();
  } catch {
    available = false;
  }
});
afterAll(() => {
  redis.disconnect();
});

describe("redis attempt limiter", () => {
  it("is shared by two limiters (two instances) and forgets after the window", async (ctx) => {
    skipUnlessAvailable(ctx, available ? null : `no Redis at ${url}`);
    const prefix = `test:${Date.now()}:`;
    const a = createRedisAttemptLimiter(redis, { maxFailures: 3, windowMs: 1000 }, prefix);
    const b = createRedisAttemptLimiter(redis, { maxFailures: 3, windowMs: 1000 }, prefix);
    await a.recordFailure("x@y.test");
    await b.recordFailure("x@y.test");
    expect(await a.isBlocked("x@y.test")).toBe(false);
    await a.recordFailure("x@y.test");
    expect(await b.isBlocked("x@y.test")).toBe(true);
    expect(await b.isBlocked("other@y.test")).toBe(false);
    await new Promise((r) => setTimeout(r, 1100));
    expect(await a.isBlocked("x@y.test")).toBe(false);
    await b.recordFailure("x@y.test");
    await b.reset("x@y.test");
    expect(await b.isBlocked("x@y.test")).toBe(false);
    expect(await redis.keys(`*${prefix}*x@y.test`)).toEqual([]);
  });

  it("claims attempts atomically across instances: 10 at once, 3 allowed", async (ctx) => {
    skipUnlessAvailable(ctx, available ? null : `no Redis at ${url}`);
    const prefix = `test:claim:${Date.now()}:`;
    const a = createRedisAttemptLimiter(redis, { maxFailures: 3, windowMs: 10_000 }, prefix);
    const b = createRedisAttemptLimiter(redis, { maxFailures: 3, windowMs: 10_000 }, prefix);
    const claims = await Promise.all(
      Array.from({ length: 10 }, (_, i) => (i % 2 ? a : b).claim("race@y.test")),
    );
    expect(claims.filter(Boolean)).toHaveLength(3);
    await a.reset("race@y.test");
    expect(await b.claim("race@y.test")).toBe(true);
  });
});
