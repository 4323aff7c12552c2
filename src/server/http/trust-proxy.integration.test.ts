/**
 * Client-chosen addresses: X-Forwarded-For only counts when TRUST_PROXY says
 * which proxies may write it, for the per-IP limits and the address stored
 * on the session alike.
 */
import { afterEach, describe, expect, it } from "vitest";
import {
  ORIGIN,
  cookieFrom,
  createTestApp,
  signUp,
  uniqueEmail,
  type TestApp,
} from "../test/test-app";

const PER_MINUTE = 3;
let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

async function appWith(trustProxy?: string): Promise<TestApp> {
  t = await createTestApp(
    { authRequestsPerMinutePerIp: PER_MINUTE },
    undefined,
    undefined,
    trustProxy === undefined ? {} : { TRUST_PROXY: trustProxy },
  );
  return t;
}

/** A sign-in the per-IP limit counts (refused by validation, so no password hash runs). */
const attempt = (app: TestApp["app"], forwardedFor: string, remoteAddress = "127.0.0.1") =>
  app.inject({
    method: "POST",
    url: "/api/auth/sign-in/email",
    remoteAddress,
    headers: { origin: ORIGIN, "x-forwarded-for": forwardedFor },
    payload: { email: uniqueEmail(), password: "" },
  });

async function statuses(app: TestApp["app"], forwardedFor: (i: number) => string) {
  const out: number[] = [];
  for (let i = 0; i < PER_MINUTE + 2; i++)
    out.push((await attempt(app, forwardedFor(i))).statusCode);
  return out;
}

async function sessionAddress(app: TestApp["app"], cookie: string): Promise<string | null> {
  const me = await app.inject({ url: "/api/me", headers: { cookie } });
  const row = await app.ctx.database.db
    .selectFrom("session")
    .select("ipAddress")
    .where("userId", "=", me.json<{ id: string }>().id)
    .executeTakeFirstOrThrow();
  return row.ipAddress;
}

describe("TRUST_PROXY off (the default)", () => {
  it("a rotating X-Forwarded-For does not escape the per-IP sign-in limit", async () => {
    const { app } = await appWith();
    const codes = await statuses(app, (i) => `203.0.113.${i + 1}`);
    expect(codes.slice(0, PER_MINUTE)).toEqual([400, 400, 400]);
    expect(codes.slice(PER_MINUTE)).toEqual([429, 429]);
  });

  it("stores the connection's address on the session, not the client's claim", async () => {
    const { app } = await appWith();
    const response = await app.inject({
      method: "POST",
      url: "/api/auth/sign-up/email",
      headers: { origin: ORIGIN, "x-forwarded-for": "203.0.113.50" },
      payload: { name: "Spoof", email: uniqueEmail(), password: "Str0ng-pass!", consent: true },
    });
    expect(response.statusCode).toBe(200);
    expect(await sessionAddress(app, cookieFrom(response))).toBe("127.0.0.1");
  });
});

describe.each([
  ["a hop count", "1"],
  ["the proxy's address", "127.0.0.0/8"],
])("TRUST_PROXY as %s", (_name, value) => {
  it("counts the address the proxy appended, whatever the client put before it", async () => {
    const { app } = await appWith(value);
    // The client forges the left-most entry; the proxy appends the real one.
    const codes = await statuses(app, (i) => `203.0.113.${i + 1}, 198.51.100.7`);
    expect(codes.slice(PER_MINUTE)).toEqual([429, 429]);
    // Another real client has its own budget.
    expect((await attempt(app, "198.51.100.8")).statusCode).toBe(400);
  });

  it("stores that address on the session", async () => {
    const { app } = await appWith(value);
    const { response, cookie } = await signUp(app, {});
    expect(response.statusCode).toBe(200);
    expect(await sessionAddress(app, cookie)).toBe("127.0.0.1");
    const forwarded = await app.inject({
      method: "POST",
      url: "/api/auth/sign-up/email",
      headers: { origin: ORIGIN, "x-forwarded-for": "203.0.113.50, 198.51.100.9" },
      payload: { name: "Proxied", email: uniqueEmail(), password: "Str0ng-pass!", consent: true },
    });
    expect(forwarded.statusCode).toBe(200);
    expect(await sessionAddress(app, cookieFrom(forwarded))).toBe("198.51.100.9");
  });
});

describe("TRUST_PROXY as a list", () => {
  it("ignores X-Forwarded-For from a connection that is not a listed proxy", async () => {
    const { app } = await appWith("10.0.0.0/8");
    const codes: number[] = [];
    for (let i = 0; i < PER_MINUTE + 1; i++) {
      codes.push((await attempt(app, `198.51.100.${i + 1}`, "192.0.2.10")).statusCode);
    }
    expect(codes.at(-1)).toBe(429);
  });
});
