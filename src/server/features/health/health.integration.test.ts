import { Redis } from "ioredis";
import { describe, expect, it } from "vitest";
import { createTestApp } from "../../test/test-app";
import { skipUnlessAvailable } from "../../test/engines-available";

const redisUrl = process.env.TEST_REDIS_URL ?? "redis://127.0.0.1:6379";

describe("health", () => {
  it("reports the database and the storage", async () => {
    const t = await createTestApp();
    try {
      const response = await t.app.inject({ url: "/api/health" });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({
        status: "ok",
        database: { status: "ok" },
        storage: { status: "ok", engine: "local" },
      });
      expect(response.json().redis).toBeUndefined();
    } finally {
      await t.close();
    }
  });

  it("answers 503 naming the engine that is down", async () => {
    // Nothing listens on port 1: this Redis is down.
    const redis = new Redis("redis://127.0.0.1:1", {
      lazyConnect: true,
      enableOfflineQueue: false,
      maxRetriesPerRequest: 0,
      retryStrategy: () => null,
    });
    const t = await createTestApp({ redis });
    try {
      for (const url of ["/api/health", "/api/health/ready"]) {
        const response = await t.app.inject({ url });
        expect(response.statusCode).toBe(503);
        expect(response.json()).toMatchObject({
          status: "error",
          message: "Not ready: redis down.",
          down: ["redis"],
          database: { status: "ok" },
          redis: { status: "down" },
        });
      }
      // A Redis outage is not a reason to restart the process.
      const live = await t.app.inject({ url: "/api/health/live" });
      expect(live.statusCode).toBe(200);
      expect(live.json()).toMatchObject({ status: "ok" });
    } finally {
      await t.close();
      redis.disconnect();
    }
  });

  it("reports a reachable Redis as ok", async (ctx) => {
    const redis = new Redis(redisUrl, { lazyConnect: true, maxRetriesPerRequest: 1 });
    try {
      await redis.connect();
    } catch {
      skipUnlessAvailable(ctx, `no Redis at ${redisUrl}`);
    }
    const t = await createTestApp({ redis });
    try {
      const response = await t.app.inject({ url: "/api/health" });
      expect(response.statusCode).toBe(200);
      expect(response.json().redis).toMatchObject({ status: "ok", engine: "redis" });
    } finally {
      await t.close();
      redis.disconnect();
    }
  });
});
