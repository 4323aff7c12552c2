/**
 * Cross-site writes: generated from the route table, so a new state-changing
 * route is covered without being listed here.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { connectError, connectSocket, listen } from "../test/chat-test-helpers";
import { ORIGIN, createTestApp, signUp, type TestApp } from "../test/test-app";
import { routeCollector } from "../test/route-table";
import { FOREIGN_ORIGIN_MESSAGE, MISSING_ORIGIN_MESSAGE } from "./origin-guard";

const table = routeCollector();
let t: TestApp;
let cookie: string;
beforeAll(async () => {
  t = await createTestApp({}, undefined, table.hook);
  ({ cookie } = await signUp(t.app));
});
afterAll(() => t.close());

/** Routes a mail provider posts to with a signed token (RFC 8058): no Origin to check. */
const CROSS_SITE_ALLOWED = ["POST /api/mail/unsubscribe"];

const crossSiteAllowed = () =>
  table.routes.filter((r) => r.config?.crossSiteAllowed).map((r) => `${String(r.method)} ${r.url}`);

describe("state-changing requests", () => {
  it("only the token-signed unsubscribe route takes requests from anywhere", () => {
    expect(crossSiteAllowed()).toEqual(CROSS_SITE_ALLOWED);
  });

  it.each([
    ["a foreign Origin", "https://evil.example", FOREIGN_ORIGIN_MESSAGE],
    ["a sibling origin", "http://localhost:3001", FOREIGN_ORIGIN_MESSAGE],
    ["no Origin", undefined, MISSING_ORIGIN_MESSAGE],
  ])("with %s are refused with 403 on every write route", async (_name, origin, message) => {
    const writes = table.writes().filter((w) => !CROSS_SITE_ALLOWED.includes(w.name));
    expect(writes.length).toBeGreaterThan(20);
    const wrong: string[] = [];
    for (const route of writes) {
      // Body-less (mark read, song views, tus) and with a body alike.
      for (const payload of [undefined, { bio: "forged" }]) {
        const response = await t.app.inject({
          method: route.method,
          url: route.url,
          headers: { cookie, "tus-resumable": "1.0.0", ...(origin ? { origin } : {}) },
          ...(payload ? { payload } : {}),
        });
        const body = response.json<{ message?: string; code?: string }>();
        if (response.statusCode !== 403 || body.message !== message) {
          wrong.push(`${route.name}: ${response.statusCode} ${body.message}`);
        }
      }
    }
    expect(wrong).toEqual([]);
  });

  it("change nothing when refused, and work from the portal's own origin", async () => {
    const patch = (origin?: string) =>
      t.app.inject({
        method: "PATCH",
        url: "/api/profile",
        headers: { cookie, ...(origin ? { origin } : {}) },
        payload: { bio: origin ?? "none" },
      });
    expect((await patch("https://evil.example")).statusCode).toBe(403);
    expect((await patch()).statusCode).toBe(403);
    const me = async () =>
      (await t.app.inject({ url: "/api/me", headers: { cookie } })).json<{ bio: string | null }>();
    expect((await me()).bio).toBeNull();
    expect((await patch(ORIGIN)).statusCode).toBe(200);
    expect((await me()).bio).toBe(ORIGIN);
  });

  it("sockets refuse a foreign or missing Origin at the handshake", async () => {
    const url = await listen(t.app);
    for (const origin of ["https://evil.example", null]) {
      const socket = connectSocket(url, cookie, origin);
      try {
        await expect(connectError(socket)).resolves.toBeTruthy();
      } finally {
        socket.close();
      }
    }
  });
});
