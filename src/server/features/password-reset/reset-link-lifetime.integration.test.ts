import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  ORIGIN,
  STRONG_PASSWORD,
  createTestApp,
  signIn,
  signUp,
  type TestApp,
} from "../../test/test-app";
import { linkIn, startSmtpTestServer, type SmtpTestServer } from "../../test/smtp-test-server";
import {
  RESET_LINK_INVALID_MESSAGE,
  TOO_MANY_RESET_REQUESTS_MESSAGE,
} from "../../../shared/password-reset";
import { PASSWORD_RESET_SUBJECT } from "../../mail/templates/password-reset-mail";
import { RESET_TOKEN_TTL_SECONDS } from "../../auth/auth";

/**
 * Issue 23, finding 1: a reset link is single-use, dies on any password
 * change, any email change and the issue of a newer link, and expires in
 * 30 minutes or less. Finding 10: the request limit is per requester.
 */
let t: TestApp;
let smtp: SmtpTestServer;

beforeAll(async () => {
  smtp = await startSmtpTestServer();
  t = await createTestApp({}, undefined, undefined, { SMTP_URL: smtp.url });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const forgot = (email: string, remoteAddress = "127.0.0.1") =>
  t.app.inject({
    method: "POST",
    url: "/api/auth/forgot-password",
    headers: { origin: ORIGIN },
    payload: { email },
    remoteAddress,
  });
const NEW = "N3w-secret!";
const reset = (token: string, password = NEW) =>
  t.app.inject({
    method: "POST",
    url: "/api/auth/reset-password",
    headers: { origin: ORIGIN },
    payload: { token, newPassword: password, confirmPassword: password },
  });
const post = (url: string, cookie: string, payload: object) =>
  t.app.inject({ method: "POST", url, headers: { cookie, origin: ORIGIN }, payload });

/** The token of the `n`th reset mail to this address. */
async function tokenOf(email: string, n: number): Promise<string> {
  const mails = await smtp.waitFor(
    (m) => m.rcptTo.includes(email) && m.parsed.subject === PASSWORD_RESET_SUBJECT,
    n,
  );
  const link = linkIn(mails[n - 1]!, "http://localhost:3000/reset-password?token=");
  return new URL(link).searchParams.get("token")!;
}

async function expectDead(token: string) {
  const answer = await reset(token, "Dead-link-1!");
  expect(answer.statusCode).toBe(400);
  expect(answer.json()).toMatchObject({ message: RESET_LINK_INVALID_MESSAGE });
}

describe("reset link lifetime", () => {
  it("expires in 30 minutes or less", () => {
    expect(RESET_TOKEN_TTL_SECONDS).toBeLessThanOrEqual(30 * 60);
  });

  it("an older link dies when a newer one is issued, and stays dead after the newer is used", async () => {
    const { email } = await signUp(t.app);
    await forgot(email);
    const first = await tokenOf(email, 1);
    await forgot(email);
    const second = await tokenOf(email, 2);
    expect(second).not.toBe(first);
    await expectDead(first);
    expect((await reset(second)).statusCode).toBe(200);
    await expectDead(first);
    await expectDead(second);
  });

  it("dies when the password is changed in Settings", async () => {
    const { email, cookie } = await signUp(t.app);
    await forgot(email);
    const token = await tokenOf(email, 1);
    const changed = await post("/api/account/change-password", cookie, {
      currentPassword: STRONG_PASSWORD,
      newPassword: "Chang3d-pass!",
      confirmPassword: "Chang3d-pass!",
    });
    expect(changed.statusCode).toBe(200);
    await expectDead(token);
    expect((await signIn(t.app, email, "Chang3d-pass!")).response.statusCode).toBe(200);
  });

  it("dies when the email changes", async () => {
    const { email, cookie } = await signUp(t.app);
    await forgot(email);
    const token = await tokenOf(email, 1);
    const moved = await post("/api/account/change-email", cookie, {
      password: STRONG_PASSWORD,
      newEmail: `moved-${Date.now()}@example.test`,
    });
    expect(moved.statusCode).toBe(200);
    await expectDead(token);
  });

  it("limits requests per requester: a stranger's requests do not lock the owner out", async () => {
    const { email } = await signUp(t.app);
    const stranger = "203.0.113.7";
    for (let i = 0; i < 3; i++) expect((await forgot(email, stranger)).statusCode).toBe(200);
    const refused = await forgot(email, stranger);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ message: TOO_MANY_RESET_REQUESTS_MESSAGE });
    await tokenOf(email, 3);
    // The owner, elsewhere, still gets a link, and it works.
    expect((await forgot(email, "198.51.100.20")).statusCode).toBe(200);
    const owners = await tokenOf(email, 4);
    expect((await reset(owners)).statusCode).toBe(200);
    expect((await signIn(t.app, email, NEW)).response.statusCode).toBe(200);
  });
});
