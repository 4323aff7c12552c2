import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "./test/test-app";

let t: TestApp;
let webRoot: string;
beforeAll(async () => {
  webRoot = fs.mkdtempSync(path.join(process.env.TMPDIR ?? "/tmp", "web-"));
  fs.mkdirSync(path.join(webRoot, "assets"));
  fs.writeFileSync(path.join(webRoot, "index.html"), "<!doctype html><div id=root></div>");
  fs.writeFileSync(path.join(webRoot, "assets", "app-abc123.js"), "console.log(1)");
  t = await createTestApp({ webRoot }, (app) => {
    app.get("/api/test-boom", () => {
      throw new Error("secret internals at /srv/app.ts:42");
    });
  });
});
afterAll(async () => {
  await t.close();
  fs.rmSync(webRoot, { recursive: true, force: true });
});

describe("app", () => {
  it("reports health", async () => {
    const response = await t.app.inject({ url: "/api/health" });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ status: "ok", database: { status: "ok" } });
  });

  it("sends security headers: strict CSP, nosniff, no framing", async () => {
    const response = await t.app.inject({ url: "/login" });
    const csp = String(response.headers["content-security-policy"]);
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain("unsafe-inline");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(response.headers["x-content-type-options"]).toBe("nosniff");
  });

  it("serves the SPA for client routes and 404 JSON for unknown API routes", async () => {
    const page = await t.app.inject({ url: "/settings" });
    expect(page.statusCode).toBe(200);
    expect(page.headers["content-type"]).toMatch(/text\/html/);
    const api = await t.app.inject({ url: "/api/nope" });
    expect(api.statusCode).toBe(404);
    expect(api.json()).toEqual({ message: "Not found.", code: "NOT_FOUND" });
  });

  it("caches fingerprinted assets forever and the page never", async () => {
    const asset = await t.app.inject({ url: "/assets/app-abc123.js" });
    expect(asset.headers["cache-control"]).toContain("immutable");
    const page = await t.app.inject({ url: "/" });
    expect(page.headers["cache-control"]).toBe("no-cache");
  });

  it("publishes the marketing base URL for the legal links", async () => {
    const response = await t.app.inject({ url: "/api/config" });
    expect(response.json().marketingUrl).toMatch(/^https?:\/\//);
  });

  it("hides 5xx details and returns a request id", async () => {
    const response = await t.app.inject({ url: "/api/test-boom" });
    expect(response.statusCode).toBe(500);
    expect(response.body).not.toContain("secret internals");
    expect(response.json().requestId).toBeTruthy();
  });
});
