import Fastify, { type FastifyInstance } from "fastify";
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { registerErrorHandling, TOO_MANY_REQUESTS_MESSAGE } from "../http/errors";
import { skipUnlessAvailable } from "../test/engines-available";
import { perIpLimit, requestLimit, type RequestLimitHook } from "./request-limit";

/** An app with two routes sharing one limit hook, as a feature plugin declares them. */
async function appWith(limit: RequestLimitHook): Promise<FastifyInstance> {
  const app = Fastify({ logger: false });
  registerErrorHandling(app);
  app.post("/a", { onRequest: limit }, () => ({ ok: true }));
  app.post("/b", { onRequest: limit }, () => ({ ok: true }));
  await app.ready();
  return app;
}

const post = (app: FastifyInstance, url: string, remoteAddress = "192.0.2.1", user?: string) =>
  app.inject({ method: "POST", url, remoteAddress, headers: user ? { "x-user": user } : {} });

describe("per-IP request limit (memory)", () => {
  it("answers 429 with Retry-After and the readable message once the address has spent its budget", async () => {
    const app = await appWith(perIpLimit("test", 2));
    const codes = [];
    for (let i = 0; i < 3; i++) codes.push((await post(app, "/a")).statusCode);
    expect(codes).toEqual([200, 200, 429]);
    const refused = await post(app, "/a");
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({
      message: TOO_MANY_REQUESTS_MESSAGE,
      code: "TOO_MANY_REQUESTS",
    });
    const retryAfter = Number(refused.headers["retry-after"]);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
  });

  it("counts each route and each address on its own", async () => {
    const app = await appWith(perIpLimit("test", 1));
    expect((await post(app, "/a")).statusCode).toBe(200);
    expect((await post(app, "/a")).statusCode).toBe(429);
    expect((await post(app, "/b")).statusCode).toBe(200);
    expect((await post(app, "/a", "192.0.2.2")).statusCode).toBe(200);
  });

  it("counts whoever the key names", async () => {
    const byUser = requestLimit({
      name: "test",
      points: 1,
      durationSeconds: 60,
      key: (request) => `user:${String(request.headers["x-user"])}`,
    });
    const app = await appWith(byUser);
    expect((await post(app, "/a", "192.0.2.1", "ann")).statusCode).toBe(200);
    expect((await post(app, "/a", "192.0.2.1", "ann")).statusCode).toBe(429);
    expect((await post(app, "/a", "192.0.2.1", "bob")).statusCode).toBe(200);
  });
});

describe("per-IP request limit (Redis)", () => {
  const url = process.env.TEST_REDIS_URL ?? "redis://127.0.0.1:6379";
  let redis: Redis;
  let available = true;
  beforeAll(async () => {
    redis = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 1 });
    redis.on("error", () => {});
    try {
      await redis.connect();
    } catch {
      available = false;
    }
  });
  afterAll(() => {
    redis.disconnect();
  });

  it("is one budget for two instances", async (ctx) => {
    skipUnlessAvailable(ctx, available ? null : `no Redis at ${url}`);
    const name = `test-${Date.now()}-${Math.random()}`;
    const one = await appWith(perIpLimit(name, 3, redis));
    const two = await appWith(perIpLimit(name, 3, redis));
    const codes = [];
    for (let i = 0; i < 4; i++) codes.push((await post(i % 2 ? two : one, "/a")).statusCode);
    expect(codes).toEqual([200, 200, 200, 429]);
    expect((await post(one, "/b")).statusCode).toBe(200);
  });
});
