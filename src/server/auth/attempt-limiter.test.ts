import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createMemoryAttemptLimiter } from "./attempt-limiter";

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe("memory attempt limiter", () => {
  it("blocks after the allowed failures and forgets them after the window", async () => {
    const limiter = createMemoryAttemptLimiter({ maxFailures: 3, windowMs: 10_000 });
    for (let i = 0; i < 3; i++) {
      expect(await limiter.isBlocked("a@x.test")).toBe(false);
      await limiter.recordFailure("a@x.test");
    }
    expect(await limiter.isBlocked("a@x.test")).toBe(true);
    expect(await limiter.isBlocked("b@x.test")).toBe(false);
    vi.advanceTimersByTime(10_001);
    expect(await limiter.isBlocked("a@x.test")).toBe(false);
  });

  it("reset clears a key", async () => {
    const limiter = createMemoryAttemptLimiter({ maxFailures: 1, windowMs: 10_000 });
    await limiter.recordFailure("k");
    expect(await limiter.isBlocked("k")).toBe(true);
    await limiter.reset("k");
    expect(await limiter.isBlocked("k")).toBe(false);
  });
});
