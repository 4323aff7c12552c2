import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  ORIGIN,
  STRONG_PASSWORD,
  createTestApp,
  signIn,
  signUp,
  uniqueEmail,
  type TestApp,
} from "../../test/test-app";
import { linkIn, startSmtpTestServer, type SmtpTestServer } from "../../test/smtp-test-server";
import {
  FORGOT_PASSWORD_SENT_MESSAGE,
  RESET_LINK_INVALID_MESSAGE,
  TOO_MANY_RESET_REQUESTS_MESSAGE,
} from "../../../shared/password-reset";
import { PASSWORD_RESET_SUBJECT } from "../../mail/templates/password-reset-mail";
import { PASSWORD_CHANGED_SUBJECT } from "../../mail/templates/security-notice-mail";

let t: TestApp;
let smtp: SmtpTestServer;
const NEW_PASSWORD = "N3w-secret!";

beforeAll(async () => {
  smtp = await startSmtpTestServer();
  t = await createTestApp({}, undefined, undefined, {
    SMTP_URL: smtp.url,
    MAIL_FROM: "Portal <no-reply@portal.test>",
  });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const forgot = (email: unknown) =>
  t.app.inject({
    method: "POST",
    url: "/api/auth/forgot-password",
    headers: { origin: ORIGIN },
    payload: { email },
  });
const reset = (payload: Record<string, unknown>) =>
  t.app.inject({
    method: "POST",
    url: "/api/auth/reset-password",
    headers: { origin: ORIGIN },
    payload,
  });
const sessionOf = async (cookie: string) =>
  (await t.app.inject({ url: "/api/auth/get-session", headers: { cookie } })).json<unknown>();

async function resetMailFor(email: string, count = 1) {
  const mails = await smtp.waitFor(
    (m) => m.rcptTo.includes(email) && m.parsed.subject === PASSWORD_RESET_SUBJECT,
    count,
  );
  const mail = mails[count - 1]!;
  const link = linkIn(mail, "http://localhost:3000/reset-password?token=");
  return { mail, link, token: new URL(link).searchParams.get("token")! };
}

describe("forgot password", () => {
  it("mails a 30-minute, single-use link; reset ends every session and sends a notice", async () => {
    const { email, cookie } = await signUp(t.app, { name: "Reset Me" });
    const answer = await forgot(email.toUpperCase());
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toMatchObject({ message: FORGOT_PASSWORD_SENT_MESSAGE });

    const { mail, link, token } = await resetMailFor(email);
    expect(mail.parsed.from?.text).toBe('"Portal" <no-reply@portal.test>');
    expect(mail.parsed.to).toMatchObject({ value: [{ address: email, name: "Reset Me" }] });
    expect(mail.parsed.html).toContain(`href="${link.replace(/&/g, "&amp;")}"`);
    expect(mail.parsed.text).toContain("30 minutes");
    expect(mail.parsed.html).toContain("Artist Portal");

    const status = await t.app.inject({ url: `/api/auth/reset-password/status?token=${token}` });
    expect(status.statusCode).toBe(200);

    // Weak or mismatched passwords change nothing; the token stays usable.
    expect(
      (await reset({ token, newPassword: "short", confirmPassword: "short" })).statusCode,
    ).toBe(400);
    const mismatch = await reset({
      token,
      newPassword: NEW_PASSWORD,
      confirmPassword: "N3w-other!",
    });
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json()).toMatchObject({
      fieldErrors: { confirmPassword: "New passwords do not match." },
    });

    const done = await reset({ token, newPassword: NEW_PASSWORD, confirmPassword: NEW_PASSWORD });
    expect(done.statusCode).toBe(200);
    expect(await sessionOf(cookie)).toBeNull();
    expect((await signIn(t.app, email)).response.statusCode).toBe(401);
    expect((await signIn(t.app, email, NEW_PASSWORD)).response.statusCode).toBe(200);

    // Used once: the same link is spent.
    const again = await reset({
      token,
      newPassword: "An0ther-pass!",
      confirmPassword: "An0ther-pass!",
    });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({
      message: RESET_LINK_INVALID_MESSAGE,
      code: "INVALID_TOKEN",
    });
    expect(
      (await t.app.inject({ url: `/api/auth/reset-password/status?token=${token}` })).statusCode,
    ).toBe(400);

    const [notice] = await smtp.waitFor(
      (m) => m.rcptTo.includes(email) && m.parsed.subject === PASSWORD_CHANGED_SUBJECT,
    );
    expect(notice!.parsed.text).toContain("reset with an emailed link");
    expect(notice!.parsed.text).toContain("If this was not you");
    expect(notice!.parsed.text).toContain("http://localhost:3000/forgot-password");
  }, 60_000);

  it("answers the same for unknown emails, sends nothing, and refuses malformed ones", async () => {
    const before = smtp.mails.length;
    const unknown = await forgot(uniqueEmail("nobody"));
    expect(unknown.statusCode).toBe(200);
    expect(unknown.json()).toMatchObject({ message: FORGOT_PASSWORD_SENT_MESSAGE });
    for (const bad of ["not-an-email", "", 42, "a@b\r\nBcc: x@y.z"]) {
      const response = await forgot(bad);
      expect(response.statusCode).toBe(400);
    }
    await new Promise((r) => setTimeout(r, 1500));
    expect(smtp.mails.length).toBe(before);
  });

  it("allows three requests per email an hour", async () => {
    const { email } = await signUp(t.app, { name: "Often Forgets" });
    for (let i = 0; i < 3; i++) expect((await forgot(email)).statusCode).toBe(200);
    const fourth = await forgot(email);
    expect(fourth.statusCode).toBe(429);
    expect(fourth.json()).toMatchObject({ message: TOO_MANY_RESET_REQUESTS_MESSAGE });
    await resetMailFor(email, 3);
    await new Promise((r) => setTimeout(r, 1000));
    expect(smtp.mails.filter(smtp.to(email))).toHaveLength(3);
  });

  it("refuses forged, malformed and expired tokens with the same text, changing nothing", async () => {
    const { email } = await signUp(t.app, { name: "Careful Person" });
    await forgot(email);
    const { token } = await resetMailFor(email);
    const good = { newPassword: NEW_PASSWORD, confirmPassword: NEW_PASSWORD };
    // One character changed: never the same as the token's own last one (a
    // token ending in "x" once made this "forged" link the real one).
    const changedLast = `${token.slice(0, -1)}${token.endsWith("x") ? "y" : "x"}`;
    for (const forged of ["A".repeat(24), changedLast, "../../etc", "", 7]) {
      const response = await reset({ token: forged, ...good });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ message: RESET_LINK_INVALID_MESSAGE });
    }
    // An hour later the link is expired.
    await t.app.ctx.database.db
      .updateTable("verification")
      .set({ expiresAt: new Date(Date.now() - 1000).toISOString() })
      .where("identifier", "=", `reset-password:${token}`)
      .execute();
    const expired = await reset({ token, ...good });
    expect(expired.statusCode).toBe(400);
    expect(expired.json()).toMatchObject({ message: RESET_LINK_INVALID_MESSAGE });
    expect((await signIn(t.app, email, STRONG_PASSWORD)).response.statusCode).toBe(200);
  });
});

describe("health", () => {
  it("reports the mail transport; a relay that is down does not fail the check", async () => {
    const up = await t.app.inject({ url: "/api/health" });
    expect(up.statusCode).toBe(200);
    expect(up.json()).toMatchObject({
      mail: { engine: "smtp", status: "ok", jobs: "in-process", pending: expect.any(Number) },
    });
    const down = await createTestApp({}, undefined, undefined, { SMTP_URL: "smtp://127.0.0.1:1" });
    try {
      const response = await down.app.inject({ url: "/api/health" });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({
        status: "ok",
        mail: { engine: "smtp", status: "down" },
      });
    } finally {
      await down.close();
    }
  });
});
