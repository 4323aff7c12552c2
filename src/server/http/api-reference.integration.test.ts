/**
 * The browsable API reference (/api/docs) is for development: served with
 * NODE_ENV=development, as `npm run dev` sets it, and not otherwise, so that
 * `npm start` never loads @fastify/swagger-ui and its files (issue 48).
 */
import { afterEach, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../test/test-app";

describe("the API reference at /api/docs", () => {
  const started: TestApp[] = [];
  const previous = process.env.NODE_ENV;
  afterEach(async () => {
    process.env.NODE_ENV = previous;
    await Promise.all(started.splice(0).map((t) => t.close()));
  });
  const startWith = async (nodeEnv: string) => {
    process.env.NODE_ENV = nodeEnv;
    const t = await createTestApp({ logger: true });
    started.push(t);
    return t;
  };

  it("is served in development, beside the OpenAPI document", async () => {
    const t = await startWith("development");
    const page = await t.app.inject({ url: "/api/docs" });
    expect(page.statusCode).toBe(200);
    expect(page.headers["content-type"]).toMatch(/text\/html/);
    // A page under /api/: its own CSP lets its scripts run (an API answer's allows nothing).
    expect(page.headers["content-security-policy"]).toMatch(/script-src 'self'/);
    expect((await t.app.inject({ url: "/api/openapi.json" })).statusCode).toBe(200);
  });

  it("is not served otherwise, while the OpenAPI document still is", async () => {
    const t = await startWith("test");
    expect((await t.app.inject({ url: "/api/docs" })).statusCode).toBe(404);
    expect((await t.app.inject({ url: "/api/openapi.json" })).statusCode).toBe(200);
  });
});
