import { afterEach, describe, expect, it } from "vitest";
import { solidPng } from "../../cli/seed/solid-png";
import { AVATAR_UPLOAD_PURPOSE } from "../../shared/profile-schemas";
import { ORIGIN, createTestApp, signUp, type TestApp } from "../test/test-app";
import { tusUpload } from "../test/tus-upload";

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

const directive = (csp: unknown, name: string) =>
  String(csp)
    .split(";")
    .map((d) => d.trim())
    .find((d) => d.startsWith(`${name} `));

describe("security headers", () => {
  it("limits connections to the portal's own origin and its WebSocket origin (http)", async () => {
    t = await createTestApp();
    const response = await t.app.inject({ url: "/login" });
    expect(directive(response.headers["content-security-policy"], "connect-src")).toBe(
      "connect-src 'self' ws://localhost:3000",
    );
    // No HSTS over plain http.
    expect(response.headers["strict-transport-security"]).toBeUndefined();
  });

  it("uses wss: of an https PUBLIC_URL and sends HSTS", async () => {
    t = await createTestApp({}, undefined, undefined, {
      PUBLIC_URL: "https://portal.example.com",
    });
    const page = await t.app.inject({ url: "/login" });
    expect(directive(page.headers["content-security-policy"], "connect-src")).toBe(
      "connect-src 'self' wss://portal.example.com",
    );
    const api = await t.app.inject({ url: "/api/config" });
    for (const answer of [page, api]) {
      expect(answer.headers["strict-transport-security"]).toMatch(/^max-age=\d+/);
    }
  });

  it("give an API answer the headers of an answer, not a page's: nothing loads, nothing frames it", async () => {
    t = await createTestApp();
    const api = await t.app.inject({ url: "/api/config" });
    expect(api.statusCode).toBe(200);
    expect(api.headers).toMatchObject({
      "content-security-policy": "default-src 'none';frame-ancestors 'none'",
      "cross-origin-resource-policy": "same-origin",
      "x-content-type-options": "nosniff",
      "x-frame-options": "DENY",
    });
    // The page-only headers stay on pages.
    const page = await t.app.inject({ url: "/login" });
    for (const name of ["cross-origin-opener-policy", "referrer-policy", "origin-agent-cluster"]) {
      expect(api.headers[name], name).toBeUndefined();
      expect(page.headers[name], name).toBeDefined();
    }
    expect(directive(page.headers["content-security-policy"], "script-src")).toMatch(
      /^script-src 'self'/,
    );
  });

  it("are sent on tus answers under /api/uploads too", async () => {
    t = await createTestApp();
    const { cookie } = await signUp(t.app);
    const png = solidPng(4, 4, [1, 2, 3]);
    const { create, patch, id } = await tusUpload(t.app, cookie, png, {
      purpose: AVATAR_UPLOAD_PURPOSE,
      filename: "me.png",
      filetype: "image/png",
    });
    const head = await t.app.inject({
      method: "HEAD",
      url: `/api/uploads/${id!}`,
      headers: { cookie, origin: ORIGIN, "tus-resumable": "1.0.0" },
    });
    const refused = await t.app.inject({
      method: "POST",
      url: "/api/uploads",
      headers: { cookie, origin: ORIGIN }, // no Tus-Resumable: tus answers 412 itself
    });
    expect([create.statusCode, patch!.statusCode, head.statusCode, refused.statusCode]).toEqual([
      201, 200, 200, 412,
    ]);
    for (const answer of [create, patch!, head, refused]) {
      expect(answer.headers["content-security-policy"]).toBe(
        "default-src 'none';frame-ancestors 'none'",
      );
      expect(answer.headers["x-content-type-options"]).toBe("nosniff");
      expect(answer.headers["x-frame-options"]).toBe("DENY");
    }
  });
});
