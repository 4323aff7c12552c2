import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AVATAR_UPLOAD_PURPOSE } from "../../../shared/profile-schemas";
import { solidPng } from "../../../cli/seed/solid-png";
import { readAll } from "../../test/read-all";
import { createStoredFile, findStoredFile } from "../uploads/stored-files";
import { createUser, seedMessages } from "../../test/chat-test-helpers";
import {
  AGENT_DELETE_REFUSED_MESSAGE,
  DELETE_CONFIRMATION_MESSAGE,
  NEW_PASSWORDS_MISMATCH_MESSAGE,
  RECENT_LOGIN_REQUIRED_MESSAGE,
  WRONG_CURRENT_PASSWORD_MESSAGE,
  WRONG_PASSWORD_MESSAGE,
} from "../../../shared/account-messages";
import { EMAIL_TAKEN_MESSAGE, INVALID_EMAIL_MESSAGE } from "../../../shared/auth-messages";
import { PASSWORD_RULES_MESSAGE } from "../../../shared/password-rules";
import {
  ORIGIN,
  STRONG_PASSWORD,
  cookieFrom,
  createTestApp,
  signIn,
  signUp,
  uniqueEmail,
  type TestApp,
} from "../../test/test-app";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});

/** A stored avatar of this user, bytes and row, as an upload would leave it. */
async function giveAvatar(userId: string) {
  return createStoredFile(t.app.ctx.database.db, t.app.ctx.storage, {
    purpose: AVATAR_UPLOAD_PURPOSE,
    ownerId: userId,
    scope: userId,
    name: "me.png",
    bytes: solidPng(8, 8, [200, 20, 20]),
  });
}

/** Makes the database refuse to delete this user, so the deletion transaction rolls back. */
async function blockUserDeletion(userId: string): Promise<() => Promise<void>> {
  const db = t.app.ctx.database.db;
  if (t.app.ctx.database.dialect === "sqlite") {
    await sql`CREATE TRIGGER block_delete BEFORE DELETE ON "user" WHEN OLD.id = ${sql.lit(userId)}
      BEGIN SELECT RAISE(ABORT, 'forced rollback'); END`.execute(db);
    return async () => {
      await sql`DROP TRIGGER block_delete`.execute(db);
    };
  }
  await sql`CREATE FUNCTION block_delete() RETURNS trigger AS $$
      BEGIN RAISE EXCEPTION 'forced rollback'; END $$ LANGUAGE plpgsql`.execute(db);
  await sql`CREATE TRIGGER block_delete BEFORE DELETE ON "user" FOR EACH ROW
      WHEN (OLD.id = ${sql.lit(userId)}) EXECUTE FUNCTION block_delete()`.execute(db);
  return async () => {
    await sql`DROP TRIGGER block_delete ON "user"`.execute(db);
    await sql`DROP FUNCTION block_delete()`.execute(db);
  };
}
afterAll(() => t.close());

const NEW_PASSWORD = "N3w-pass-word!";
const me = (cookie: string) => t.app.inject({ url: "/api/me", headers: { cookie } });
const post = (url: string, cookie: string, payload: unknown) =>
  t.app.inject({
    method: "POST",
    url,
    headers: { cookie, origin: ORIGIN },
    payload: payload as object,
  });

describe("change password", () => {
  const change = (cookie: string, body: Record<string, unknown>) =>
    post("/api/account/change-password", cookie, {
      currentPassword: STRONG_PASSWORD,
      newPassword: NEW_PASSWORD,
      confirmPassword: NEW_PASSWORD,
      ...body,
    });

  it("changes the password, keeps this browser signed in and ends other sessions", async () => {
    const { cookie, email } = await signUp(t.app);
    const other = await signIn(t.app, email);
    expect((await me(other.cookie)).statusCode).toBe(200);

    const response = await change(cookie, {});
    expect(response.statusCode).toBe(200);
    const fresh = cookieFrom(response);
    expect(fresh).toMatch(/session_token=/);
    expect((await me(fresh)).json().email).toBe(email);
    expect((await me(other.cookie)).statusCode).toBe(401);

    expect((await signIn(t.app, email)).response.statusCode).toBe(401);
    expect((await signIn(t.app, email, NEW_PASSWORD)).response.statusCode).toBe(200);
  });

  it("refuses a wrong current password with the catalogue's text", async () => {
    const { cookie, email } = await signUp(t.app);
    const response = await change(cookie, { currentPassword: "Wrong-pass-1" });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      message: WRONG_CURRENT_PASSWORD_MESSAGE,
      code: "INVALID_PASSWORD",
    });
    expect((await signIn(t.app, email)).response.statusCode).toBe(200);
  });

  it("refuses a weak new password and a mismatched confirmation", async () => {
    const { cookie } = await signUp(t.app);
    const weak = await change(cookie, { newPassword: "weakpass", confirmPassword: "weakpass" });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().message).toBe(PASSWORD_RULES_MESSAGE);
    const mismatch = await change(cookie, { confirmPassword: "Other-pass-1" });
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json().message).toBe(NEW_PASSWORDS_MISMATCH_MESSAGE);
  });

  it("asks for a fresh sign-in when the session is older than 24 hours", async () => {
    const { cookie, email } = await signUp(t.app);
    const old = new Date(Date.now() - 25 * 60 * 60 * 1000).toISOString();
    const userId = (await me(cookie)).json().id as string;
    await t.app.ctx.database.db
      .updateTable("session")
      .set({ createdAt: old })
      .where("userId", "=", userId)
      .execute();
    const response = await change(cookie, {});
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({
      message: RECENT_LOGIN_REQUIRED_MESSAGE,
      code: "REQUIRES_RECENT_LOGIN",
    });
    expect((await signIn(t.app, email)).response.statusCode).toBe(200);
  });

  it("answers 401 when signed out", async () => {
    expect((await change("", {})).statusCode).toBe(401);
  });
});

describe("change email", () => {
  it("changes the email after checking the password; the new one signs in", async () => {
    const { cookie, email } = await signUp(t.app);
    const newEmail = uniqueEmail("moved");
    const response = await post("/api/account/change-email", cookie, {
      password: STRONG_PASSWORD,
      newEmail: `  ${newEmail.toUpperCase()} `,
    });
    expect(response.statusCode).toBe(200);
    expect((await me(cookie)).json().email).toBe(newEmail);
    expect((await signIn(t.app, email)).response.statusCode).toBe(401);
    expect((await signIn(t.app, newEmail)).response.statusCode).toBe(200);
  });

  it("refuses a wrong password, an invalid email and a taken email with the catalogue's texts", async () => {
    const { cookie, email } = await signUp(t.app);
    const taken = (await signUp(t.app)).email;

    const wrong = await post("/api/account/change-email", cookie, {
      password: "Wrong-pass-1",
      newEmail: uniqueEmail(),
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe(WRONG_PASSWORD_MESSAGE);

    const invalid = await post("/api/account/change-email", cookie, {
      password: STRONG_PASSWORD,
      newEmail: "not-an-email",
    });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().message).toBe(INVALID_EMAIL_MESSAGE);

    const clash = await post("/api/account/change-email", cookie, {
      password: STRONG_PASSWORD,
      newEmail: taken,
    });
    expect(clash.statusCode).toBe(409);
    expect(clash.json().message).toBe(EMAIL_TAKEN_MESSAGE);
    const same = await post("/api/account/change-email", cookie, {
      password: STRONG_PASSWORD,
      newEmail: email,
    });
    expect(same.statusCode).toBe(400);
    expect(same.json().code).toBe("SAME_EMAIL");
    expect((await me(cookie)).json().email).toBe(email);
  });
});

describe("verify password", () => {
  it("answers ok for the right password and the catalogue's text otherwise", async () => {
    const { cookie } = await signUp(t.app);
    const ok = await post("/api/account/verify-password", cookie, { password: STRONG_PASSWORD });
    expect(ok.statusCode).toBe(200);
    const wrong = await post("/api/account/verify-password", cookie, { password: "nope" });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe(WRONG_PASSWORD_MESSAGE);
  });

  it("blocks guessing after three wrong passwords", async () => {
    const { cookie } = await signUp(t.app);
    for (let i = 0; i < 3; i++) {
      await post("/api/account/verify-password", cookie, { password: `guess-${i}` });
    }
    const blocked = await post("/api/account/verify-password", cookie, {
      password: STRONG_PASSWORD,
    });
    expect(blocked.statusCode).toBe(429);
  });
});

describe("delete account", () => {
  it("refuses without the typed word or with a wrong password, and keeps the account", async () => {
    const { cookie } = await signUp(t.app);
    const noWord = await post("/api/account/delete", cookie, {
      password: STRONG_PASSWORD,
      confirm: "delete",
    });
    expect(noWord.statusCode).toBe(400);
    expect(noWord.json().message).toBe(DELETE_CONFIRMATION_MESSAGE);
    const wrong = await post("/api/account/delete", cookie, {
      password: "Wrong-pass-1",
      confirm: "DELETE",
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe(WRONG_PASSWORD_MESSAGE);
    expect((await me(cookie)).statusCode).toBe(200);
  });

  it("deletes everything: sessions end, sign-in fails, files go, the email registers again", async () => {
    const { cookie, email } = await signUp(t.app);
    const userId = (await me(cookie)).json().id as string;
    const other = await signIn(t.app, email);
    const avatar = await giveAvatar(userId);

    const response = await post("/api/account/delete", cookie, {
      password: STRONG_PASSWORD,
      confirm: "DELETE",
    });
    expect(response.statusCode).toBe(200);
    // The browser's session cookie is expired.
    expect(String(response.headers["set-cookie"])).toMatch(/session_token=;/);

    expect((await me(cookie)).statusCode).toBe(401);
    expect((await me(other.cookie)).statusCode).toBe(401);
    expect((await signIn(t.app, email)).response.statusCode).toBe(401);
    // The picture's row and, after the commit, its bytes are gone.
    expect(await findStoredFile(t.app.ctx.database.db, avatar.id)).toBeUndefined();
    await expect(t.app.ctx.storage.open(avatar.id).then(readAll)).rejects.toThrow();

    const db = t.app.ctx.database.db;
    for (const table of ["session", "account"] as const) {
      const rows = await db.selectFrom(table).select("id").where("userId", "=", userId).execute();
      expect(rows).toEqual([]);
    }
    expect(await db.selectFrom("user").select("id").where("id", "=", userId).execute()).toEqual([]);

    expect((await signUp(t.app, { email })).response.statusCode).toBe(200);
  });

  it("refuses an agent's own deletion, and keeps the conversations artists had with them", async () => {
    const agent = await createUser(t.app, "Leaving Agent", true);
    const artist = await createUser(t.app, "Staying Artist");
    const opened = await t.app.inject({
      method: "PUT",
      url: `/api/chat/rooms/with/${agent.id}`,
      headers: { cookie: artist.cookie, origin: ORIGIN },
    });
    expect(opened.statusCode, opened.body).toBe(200);
    const { roomId } = opened.json<{ roomId: string }>();
    await seedMessages(t.app.ctx.database.db, roomId, [artist.id, agent.id], 4);

    const response = await post("/api/account/delete", agent.cookie, {
      password: STRONG_PASSWORD,
      confirm: "DELETE",
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe(AGENT_DELETE_REFUSED_MESSAGE);
    expect((await me(agent.cookie)).statusCode).toBe(200);
    const history = await t.app.inject({
      url: `/api/chat/rooms/${roomId}/messages`,
      headers: { cookie: artist.cookie },
    });
    expect(history.statusCode).toBe(200);
    expect(history.json()).toHaveLength(4);
  });

  it("deletes nothing, file bytes included, when the transaction rolls back", async () => {
    const { cookie } = await signUp(t.app);
    const userId = (await me(cookie)).json().id as string;
    const avatar = await giveAvatar(userId);
    const unblock = await blockUserDeletion(userId);
    try {
      const response = await post("/api/account/delete", cookie, {
        password: STRONG_PASSWORD,
        confirm: "DELETE",
      });
      expect(response.statusCode).toBe(500);
    } finally {
      await unblock();
    }
    expect((await me(cookie)).statusCode).toBe(200);
    // The avatar removal ran inside the rolled-back transaction: row and bytes stay.
    expect(await findStoredFile(t.app.ctx.database.db, avatar.id)).toBeDefined();
    const bytes = await readAll(await t.app.ctx.storage.open(avatar.id));
    expect(bytes.length).toBe(avatar.size);
  });
});
