import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  CONSENT_REQUIRED_MESSAGE,
  SIGN_IN_FAILED_MESSAGE,
  SIGN_UP_FAILED_MESSAGE,
  TOO_MANY_ATTEMPTS_MESSAGE,
} from "../../shared/auth-messages";
import { PASSWORD_RULES_MESSAGE } from "../../shared/password-rules";
import {
  ORIGIN,
  STRONG_PASSWORD,
  createTestApp,
  signIn,
  signUp,
  uniqueEmail,
  type TestApp,
} from "../test/test-app";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const me = (cookie: string) => t.app.inject({ url: "/api/me", headers: { cookie } });

describe("sign-up", () => {
  it("creates an artist whose username and artistName are the typed name", async () => {
    const { response, cookie, email } = await signUp(t.app, { name: "  Nova Sound " });
    expect(response.statusCode).toBe(200);
    const user = (await me(cookie)).json();
    expect(user).toMatchObject({
      email,
      username: "Nova Sound",
      artistName: "Nova Sound",
      admin: false,
      bio: null,
    });
    expect(user.createdAt).toEqual({
      year: expect.any(Number),
      month: expect.any(Number),
      day: expect.any(Number),
    });
  });

  it("sets an HttpOnly, SameSite=Lax session cookie", async () => {
    const { response } = await signUp(t.app);
    const cookie = String(response.headers["set-cookie"]);
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
  });

  it("refuses a missing consent with the spec's text", async () => {
    const { response } = await signUp(t.app, { consent: false });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(CONSENT_REQUIRED_MESSAGE);
    expect(response.json().fieldErrors.consent).toBe(CONSENT_REQUIRED_MESSAGE);
  });

  it("refuses a weak password", async () => {
    const { response } = await signUp(t.app, { password: "weakpass" });
    expect(response.statusCode).toBe(400);
    expect(response.json().fieldErrors.password).toBe(PASSWORD_RULES_MESSAGE);
  });

  it("refuses a malformed email and a blank name", async () => {
    const { response } = await signUp(t.app, { email: "not-an-email", name: " " });
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json().fieldErrors).sort()).toEqual(["email", "name"]);
  });

  it("refuses a duplicate email, whatever its case", async () => {
    const email = uniqueEmail();
    expect((await signUp(t.app, { email })).response.statusCode).toBe(200);
    const again = await signUp(t.app, { email: email.toUpperCase() });
    expect(again.response.statusCode).toBe(422);
    // The spec's text for any sign-up failure: it does not say the email is taken.
    expect(again.response.json()).toEqual({
      message: SIGN_UP_FAILED_MESSAGE,
      code: "SIGN_UP_FAILED",
    });
  });

  it("never lets a client make itself an admin", async () => {
    const { cookie } = await signUp(t.app, { admin: true, username: "root", artistName: "x" });
    const user = (await me(cookie)).json();
    expect(user.admin).toBe(false);
    expect(user.username).toBe("Test Artist");
  });

  it("answers a non-JSON body with a clear 4xx, not a 500", async () => {
    const response = await t.app.inject({
      method: "POST",
      url: "/api/auth/sign-up/email",
      headers: { origin: ORIGIN, "content-type": "application/json" },
      payload: "{not json",
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBeTruthy();
  });
});

describe("sign-in, session and logout", () => {
  it("signs in with the right password and restores the session", async () => {
    const { email } = await signUp(t.app);
    const { response, cookie } = await signIn(t.app, email);
    expect(response.statusCode).toBe(200);
    expect((await me(cookie)).json().email).toBe(email);
  });

  it("refuses a wrong password with the catalogue's text", async () => {
    const { email } = await signUp(t.app);
    const { response } = await signIn(t.app, email, "Wrong-pass-1");
    expect(response.statusCode).toBe(401);
    expect(response.json().message).toBe(SIGN_IN_FAILED_MESSAGE);
  });

  it("refuses an unknown email the same way", async () => {
    const { response } = await signIn(t.app, uniqueEmail("ghost"));
    expect(response.statusCode).toBe(401);
    expect(response.json().message).toBe(SIGN_IN_FAILED_MESSAGE);
  });

  it("answers the 4th failed sign-in for one email within 10 s with 429", async () => {
    const { email } = await signUp(t.app);
    // In parallel, so a slow machine still fits the three failures in the 10 s window.
    const failures = await Promise.all([1, 2, 3].map(() => signIn(t.app, email, "Wrong-pass-1")));
    expect(failures.map((f) => f.response.statusCode)).toEqual([401, 401, 401]);
    const fourth = await signIn(t.app, email, STRONG_PASSWORD);
    expect(fourth.response.statusCode).toBe(429);
    expect(fourth.response.json().message).toBe(TOO_MANY_ATTEMPTS_MESSAGE);
    // Another email is not affected.
    const other = await signUp(t.app);
    expect((await signIn(t.app, other.email)).response.statusCode).toBe(200);
  });

  it("holds the per-email limit under concurrency: 10 wrong passwords at once, 3 are checked", async () => {
    const { email } = await signUp(t.app);
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => signIn(t.app, email, "Wrong-pass-1")),
    );
    const codes = answers.map((a) => a.response.statusCode).sort();
    expect(codes.filter((c) => c === 401)).toHaveLength(3);
    expect(codes.filter((c) => c === 429)).toHaveLength(7);
  });

  it("logout invalidates the session on the server", async () => {
    const { cookie } = await signUp(t.app);
    expect((await me(cookie)).statusCode).toBe(200);
    const out = await t.app.inject({
      method: "POST",
      url: "/api/auth/sign-out",
      headers: { cookie, origin: ORIGIN },
      payload: {},
    });
    expect(out.statusCode).toBe(200);
    // The old cookie, replayed, no longer works.
    expect((await me(cookie)).statusCode).toBe(401);
  });

  it("answers /api/me with 401 when signed out", async () => {
    const response = await t.app.inject({ url: "/api/me" });
    expect(response.statusCode).toBe(401);
  });

  it("does not expose better-auth endpoints the product does not use", async () => {
    const { cookie } = await signUp(t.app);
    const response = await t.app.inject({
      method: "POST",
      url: "/api/auth/update-user",
      headers: { cookie, origin: ORIGIN },
      payload: { name: "hacked", admin: true },
    });
    expect(response.statusCode).toBe(404);
  });
});

describe("per-IP limit on auth endpoints", () => {
  it("answers 429 with a readable message once an IP exceeds its budget", async () => {
    const limited = await createTestApp({ authRequestsPerMinutePerIp: 2 });
    try {
      const codes: number[] = [];
      for (let i = 0; i < 3; i++) {
        codes.push((await signIn(limited.app, uniqueEmail("ip"))).response.statusCode);
      }
      expect(codes).toEqual([401, 401, 429]);
    } finally {
      await limited.close();
    }
  });
});
