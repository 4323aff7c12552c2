import { RateLimiterRes, type RateLimiterAbstract } from "rate-limiter-flexible";
import { describe, expect, it } from "vitest";
import { createRateLimiter, tryConsume } from "./rate-limiter";

/** A limiter whose store answers `consume` with `outcome`. */
const storeAnswering = (outcome: () => Promise<unknown>) =>
  ({ consume: outcome }) as unknown as RateLimiterAbstract;

describe("tryConsume", () => {
  it("answers null while points remain, then the refusal with its wait", async () => {
    const limiter = createRateLimiter({ keyPrefix: "try", points: 1, durationSeconds: 60 });
    await expect(tryConsume(limiter, "u1")).resolves.toBeNull();
    const refusal = await tryConsume(limiter, "u1");
    expect(refusal).toBeInstanceOf(RateLimiterRes);
    expect(refusal!.msBeforeNext).toBeGreaterThan(0);
  });

  it("throws what the store threw when it is not a refusal", async () => {
    const down = new Error("store down");
    await expect(
      tryConsume(
        storeAnswering(() => Promise.reject(down)),
        "u1",
      ),
    ).rejects.toBe(down);
  });
});
