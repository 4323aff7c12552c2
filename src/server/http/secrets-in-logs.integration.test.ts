import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ORIGIN, STRONG_PASSWORD, createTestApp, signIn, type TestApp } from "../test/test-app";
import { linkIn, startSmtpTestServer, type SmtpTestServer } from "../test/smtp-test-server";
import { PASSWORD_RESET_SUBJECT } from "../mail/templates/password-reset-mail";
import { EMAIL_CHANGED_SUBJECT } from "../mail/templates/security-notice-mail";
import { CLIENT_ERROR_ENDPOINT } from "../../shared/client-errors";

/**
 * Issue 23, finding 2: no token, cookie or password reaches a log line at
 * any level. A whole account journey runs with the log at trace level into
 * memory; then every line is scanned for every secret the journey used.
 */
let t: TestApp;
let smtp: SmtpTestServer;
const lines: string[] = [];

beforeAll(async () => {
  smtp = await startSmtpTestServer();
  t = await createTestApp(
    { logger: true, logStream: { write: (line: string) => void lines.push(line) } },
    undefined,
    undefined,
    { SMTP_URL: smtp.url, LOG_LEVEL: "trace" },
  );
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const json = { origin: ORIGIN };
const tokenIn = (link: string) => new URL(link).searchParams.get("token")!;

describe("secrets in logs", () => {
  it("a sign-up, reset, unsubscribe, email change and undo journey logs none of its secrets", async () => {
    const email = `logged-${Date.now()}@example.test`;
    const secrets: string[] = [STRONG_PASSWORD];
    const up = await t.app.inject({
      method: "POST",
      url: "/api/auth/sign-up/email",
      headers: json,
      payload: { name: "Log Scan", email, password: STRONG_PASSWORD, consent: true },
    });
    expect(up.statusCode).toBe(200);
    await signIn(t.app, email, "Wrong-guess-9!");
    const { cookie } = await signIn(t.app, email);
    secrets.push("Wrong-guess-9!", decodeURIComponent(cookie.split("=")[1]!).split(".")[0]!);
    // A hot read's request line is written without pino's redaction (decision 087).
    const bearer = `bearer-${"b".repeat(24)}`;
    secrets.push(bearer);
    const songs = await t.app.inject({
      url: "/api/songs",
      headers: { cookie, authorization: `Bearer ${bearer}` },
    });
    expect(songs.statusCode).toBe(200);

    await t.app.inject({
      method: "POST",
      url: "/api/auth/forgot-password",
      headers: json,
      payload: { email },
    });
    const [resetMail] = await smtp.waitFor(
      (m) => m.rcptTo.includes(email) && m.parsed.subject === PASSWORD_RESET_SUBJECT,
    );
    const resetToken = tokenIn(linkIn(resetMail!, "http://localhost:3000/reset-password?token="));
    secrets.push(resetToken);
    await t.app.inject({ url: `/api/auth/reset-password/status?token=${resetToken}` });
    await t.app.inject({ url: `/reset-password?token=${resetToken}` });
    await t.app.inject({ url: `/api/auth/reset-password/${resetToken}?callbackURL=/x` });
    await t.app.inject({
      method: "POST",
      url: CLIENT_ERROR_ENDPOINT,
      headers: { ...json, cookie },
      payload: {
        kind: "upload",
        message: `failed at http://localhost:3000/reset-password?token=${resetToken}`,
        page: `/reset-password?token=${resetToken}`,
      },
    });
    const newPassword = "Fresh-pass-7!";
    secrets.push(newPassword);
    const reset = await t.app.inject({
      method: "POST",
      url: "/api/auth/reset-password",
      headers: json,
      payload: { token: resetToken, newPassword, confirmPassword: newPassword },
    });
    expect(reset.statusCode).toBe(200);

    const unsubscribe = `${"u".repeat(20)}.${"s".repeat(43)}`;
    secrets.push(unsubscribe);
    await t.app.inject({
      method: "POST",
      url: `/api/mail/unsubscribe?token=${unsubscribe}`,
      headers: json,
    });

    const { cookie: fresh } = await signIn(t.app, email, newPassword);
    secrets.push(decodeURIComponent(fresh.split("=")[1]!).split(".")[0]!);
    const moved = await t.app.inject({
      method: "POST",
      url: "/api/account/change-email",
      headers: { ...json, cookie: fresh },
      payload: { password: newPassword, newEmail: `moved-${Date.now()}@example.test` },
    });
    expect(moved.statusCode).toBe(200);
    const [changed] = await smtp.waitFor(
      (m) => m.rcptTo.includes(email) && m.parsed.subject === EMAIL_CHANGED_SUBJECT,
    );
    const undoToken = tokenIn(linkIn(changed!, "http://localhost:3000/undo-email-change?token="));
    secrets.push(undoToken);
    await t.app.inject({ url: `/undo-email-change?token=${undoToken}` });
    const undone = await t.app.inject({
      method: "POST",
      url: "/api/account/undo-email-change",
      headers: json,
      payload: { token: undoToken },
    });
    expect(undone.statusCode).toBe(200);
    // Let the outbox finish: its lines are scanned too.
    await smtp.waitFor(
      (m) => m.rcptTo.includes(email) && m.parsed.subject === PASSWORD_RESET_SUBJECT,
      2,
    );

    const log = lines.join("");
    const songLine = lines
      .map((line) => JSON.parse(line) as Record<string, unknown>)
      .find((line) => line.msg === "request" && line.url === "/api/songs");
    expect(songLine).toMatchObject({ method: "GET", statusCode: 200 });
    expect(songLine?.userId).toEqual(expect.any(String));
    // The log was really written, request lines included.
    expect(log).toContain("/api/auth/reset-password/status?token=[redacted]");
    expect(log).toContain("client-side failure");
    for (const secret of secrets) {
      const found = lines.filter((line) => line.includes(secret));
      expect(found, `secret ${secret.slice(0, 6)}… in the log`).toEqual([]);
    }
  }, 90_000);
});
