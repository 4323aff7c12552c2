/**
 * A burst of sign-ins with unknown emails (each costs a 128 MiB scrypt):
 * the server hashes a bounded few, refuses the rest at once with 503 and
 * Retry-After, and its health checks keep answering meanwhile.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { ORIGIN, createTestApp } from "../test/test-app";
import { setHashStrengthForTests } from "./password-hasher";
import {
  HASHING_BUSY_MESSAGE,
  HASH_CONCURRENCY,
  HASH_MAX_WAITING,
  hashingGate,
} from "./hashing-gate";

// The burst must cost what it costs in production (decision 107).
beforeAll(() => setHashStrengthForTests("default"));

describe("password hashing under a sign-in burst", () => {
  it("refuses beyond the queue with 503 + Retry-After; health stays 200", async () => {
    const t = await createTestApp();
    try {
      const attempts = Array.from({ length: 16 }, (_, i) =>
        t.app.inject({
          method: "POST",
          url: "/api/auth/sign-in/email",
          headers: { origin: ORIGIN },
          payload: { email: `nobody-${i}-${Date.now()}@example.test`, password: "Wr0ng-pass!" },
        }),
      );
      // While the hashes run, liveness and readiness answer at once. Reaching the
      // first hash (the account lookup first) took over 1 s on PostgreSQL in a loaded CI run.
      await expect
        .poll(() => hashingGate.running, { interval: 5, timeout: 20_000 })
        .toBeGreaterThan(0);
      const started = performance.now();
      const [live, ready] = await Promise.all([
        t.app.inject({ url: "/api/health/live" }),
        t.app.inject({ url: "/api/health/ready" }),
      ]);
      expect(live.statusCode).toBe(200);
      expect(ready.statusCode).toBe(200);
      expect(performance.now() - started).toBeLessThan(1000);

      const responses = await Promise.all(attempts);
      const busy = responses.filter((r) => r.statusCode === 503);
      const refused = responses.filter((r) => r.statusCode === 401);
      expect(busy.length + refused.length).toBe(16);
      expect(refused.length).toBeLessThanOrEqual(HASH_CONCURRENCY + HASH_MAX_WAITING);
      expect(busy.length).toBeGreaterThanOrEqual(16 - HASH_CONCURRENCY - HASH_MAX_WAITING);
      for (const response of busy) {
        expect(response.headers["retry-after"]).toBe("5");
        expect(response.json()).toMatchObject({ message: HASHING_BUSY_MESSAGE, code: "BUSY" });
      }
    } finally {
      await t.close();
    }
  }, 60_000);
});
