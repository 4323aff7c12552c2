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
    const response = await t.app.inject({ url: "/api/config" });
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
    const response = await t.app.inject({ url: "/api/config" });
    expect(directive(response.headers["content-security-policy"], "connect-src")).toBe(
      "connect-src 'self' wss://portal.example.com",
    );
    expect(response.headers["strict-transport-security"]).toMatch(/^max-age=\d+/);
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
      expect(directive(answer.headers["content-security-policy"], "frame-ancestors")).toBe(
        "frame-ancestors 'none'",
      );
      expect(answer.headers["x-content-type-options"]).toBe("nosniff");
      expect(answer.headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
    }
  });
});
