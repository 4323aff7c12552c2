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
  EMAIL_ADDED_SUBJECT,
  EMAIL_CHANGED_SUBJECT,
} from "../../mail/templates/security-notice-mail";
import { PASSWORD_RESET_SUBJECT } from "../../mail/templates/password-reset-mail";
import { EMAIL_CHANGE_UNDONE_MESSAGE, UNDO_LINK_INVALID_MESSAGE } from "../../../shared/sessions";
import { EMAIL_CHANGED_MESSAGE } from "../../../shared/account-messages";
import { ensureAccount, findUserIdByEmail } from "../users/user-accounts";

/**
 * Issue 23, finding 9: an email change keeps the spec's flow (current
 * password, at once) and ends the other sessions; both addresses are told,
 * the old one with a 7-day link that undoes the change and starts a reset.
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

const post = (url: string, cookie: string, payload: object) =>
  t.app.inject({ method: "POST", url, headers: { cookie, origin: ORIGIN }, payload });
const signedIn = async (cookie: string) =>
  (await t.app.inject({ url: "/api/me", headers: { cookie } })).statusCode === 200;
const undo = (token: string) => post("/api/account/undo-email-change", "", { token });

async function changeEmail() {
  const { email, cookie } = await signUp(t.app, { name: "Moving Artist" });
  const phone = (await signIn(t.app, email)).cookie;
  const newEmail = `moved-${Date.now()}-${Math.random().toString(36).slice(2)}@example.test`;
  const moved = await post("/api/account/change-email", cookie, {
    password: STRONG_PASSWORD,
    newEmail,
  });
  expect(moved.statusCode).toBe(200);
  const [old] = await smtp.waitFor(
    (m) => m.rcptTo.includes(email) && m.parsed.subject === EMAIL_CHANGED_SUBJECT,
  );
  const token = new URL(
    linkIn(old!, "http://localhost:3000/undo-email-change?token="),
  ).searchParams.get("token")!;
  return { email, newEmail, cookie, phone, token, oldMail: old! };
}

describe("email change", () => {
  it("ends the other sessions and mails both addresses; the old one gets an undo link", async () => {
    const { email, newEmail, cookie, phone, oldMail } = await changeEmail();
    expect(EMAIL_CHANGED_MESSAGE).toBe("Email changed successfully! Redirecting...");
    expect(await signedIn(cookie)).toBe(true);
    expect(await signedIn(phone)).toBe(false);
    expect(oldMail.parsed.text).toContain(newEmail);
    expect(oldMail.parsed.text).toContain("7 days");
    const [added] = await smtp.waitFor(
      (m) => m.rcptTo.includes(newEmail) && m.parsed.subject === EMAIL_ADDED_SUBJECT,
    );
    expect(added!.parsed.text).toContain(email);
  });

  it("the undo link puts the old address back once, signs everyone out and starts a reset", async () => {
    const { email, newEmail, cookie, token } = await changeEmail();
    const undone = await undo(token);
    expect(undone.statusCode).toBe(200);
    expect(undone.json()).toMatchObject({ message: EMAIL_CHANGE_UNDONE_MESSAGE });
    expect(await signedIn(cookie)).toBe(false);
    // The password the changer may know no longer works, for either address.
    expect((await signIn(t.app, email)).response.statusCode).toBe(401);
    expect((await signIn(t.app, newEmail)).response.statusCode).toBe(401);
    // The reset link reaches the old address and sets a new password.
    const [mail] = await smtp.waitFor(
      (m) => m.rcptTo.includes(email) && m.parsed.subject === PASSWORD_RESET_SUBJECT,
    );
    const resetToken = new URL(
      linkIn(mail!, "http://localhost:3000/reset-password?token="),
    ).searchParams.get("token")!;
    const reset = await t.app.inject({
      method: "POST",
      url: "/api/auth/reset-password",
      headers: { origin: ORIGIN },
      payload: { token: resetToken, newPassword: "Back-home-1!", confirmPassword: "Back-home-1!" },
    });
    expect(reset.statusCode).toBe(200);
    expect((await signIn(t.app, email, "Back-home-1!")).response.statusCode).toBe(200);
    // Used once.
    const again = await undo(token);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ message: UNDO_LINK_INVALID_MESSAGE });
  });

  it("the undo link expires after 7 days", async () => {
    const { token, cookie } = await changeEmail();
    await t.app.ctx.database.db
      .updateTable("verification")
      .set({ expiresAt: new Date(Date.now() - 1000).toISOString() })
      .where("identifier", "like", "undo-email-change:%")
      .execute();
    expect((await undo(token)).statusCode).toBe(400);
    expect(await signedIn(cookie)).toBe(true);
  });

  it("holds the old address while the link lives: nobody else takes it, and the undo gives it back", async () => {
    const { email, newEmail, token } = await changeEmail();
    // Whoever changed it cannot register the old address to make the undo fail.
    const squat = await signUp(t.app, { email, name: "Squatter" });
    expect(squat.response.statusCode).toBe(422);
    expect(squat.response.json()).toMatchObject({ message: "Failed to create account." });
    // Nor can another account change to it.
    const other = await signUp(t.app, { name: "Other Artist" });
    const taken = await post("/api/account/change-email", other.cookie, {
      password: STRONG_PASSWORD,
      newEmail: email,
    });
    expect(taken.statusCode).toBe(409);
    // Nor can an operator's CLI (create-admin) or the seed.
    await expect(
      ensureAccount(t.app.ctx.auth, t.app.ctx.database, {
        email,
        password: STRONG_PASSWORD,
        name: "Operator's Agent",
      }),
    ).rejects.toThrow(/is held for an account that changed its email/);

    expect((await undo(token)).statusCode).toBe(200);
    expect((await signIn(t.app, newEmail)).response.statusCode).toBe(401);
    // Given back, the hold is gone: the address is the owner's account's again.
    expect(
      await t.app.ctx.database.db
        .selectFrom("verification")
        .select("id")
        .where("identifier", "like", "email-hold:%")
        .where("value", "=", (await findUserIdByEmail(t.app.ctx.database, email))!)
        .execute(),
    ).toEqual([]);
  });
});
