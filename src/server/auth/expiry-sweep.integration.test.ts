import Fastify from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, signUp, ORIGIN, type TestApp } from "../test/test-app";
import { insertUndoRow } from "../features/account/repository";
import { holdEmail, isEmailHeld } from "./email-hold-repository";
import { SESSION_EXPIRES_IN_SECONDS } from "./auth";
import { deleteExpiredRows } from "./expired-rows-repository";
import { scheduleExpirySweep } from "./expiry-sweep";

let t: TestApp;
const MINUTE = 60_000;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const db = () => t.app.ctx.database.db;
const identifiers = async () =>
  new Set(
    (await db().selectFrom("verification").select("identifier").execute()).map((r) => r.identifier),
  );

/** A reset link as better-auth stores it (its own timestamp format): answers its row's identifier. */
async function resetRowFor(email: string, userId: string): Promise<string> {
  const answer = await t.app.inject({
    method: "POST",
    url: "/api/auth/forgot-password",
    headers: { origin: ORIGIN },
    payload: { email },
  });
  expect(answer.statusCode).toBe(200);
  // The outbox's job asks better-auth for the link, which keeps it as
  // `reset-password:<token>` valued with the user id.
  const resetRow = () =>
    db()
      .selectFrom("verification")
      .select("identifier")
      .where("identifier", "like", "reset-password:%")
      .where("value", "=", userId)
      .executeTakeFirst();
  await expect.poll(resetRow, { timeout: 5_000 }).toBeDefined();
  return (await resetRow())!.identifier;
}

async function undoRow(identifier: string, expiresAt: Date): Promise<string> {
  await insertUndoRow(db(), { identifier, value: "{}", expiresAt, now: new Date() });
  return identifier;
}

/** The id of the session a cookie carries. */
async function sessionOf(cookie: string): Promise<string> {
  const answer = await t.app.inject({ url: "/api/auth/get-session", headers: { cookie } });
  return answer.json<{ session: { id: string } }>().session.id;
}
const expireSession = (id: string) =>
  db()
    .updateTable("session")
    .set({ expiresAt: new Date(Date.now() - MINUTE).toISOString() })
    .where("id", "=", id)
    .execute();
const sessionExists = async (id: string) =>
  (await db().selectFrom("session").select("id").where("id", "=", id).executeTakeFirst()) !==
  undefined;

describe("expired sessions", () => {
  it("are deleted; a live one is kept and still signs its browser in", async () => {
    const live = await signUp(t.app);
    const liveId = await sessionOf(live.cookie);
    const endedId = await sessionOf((await signUp(t.app)).cookie);
    await expireSession(endedId);
    expect(await deleteExpiredRows(db(), "session", new Date())).toBeGreaterThanOrEqual(1);
    expect([await sessionExists(endedId), await sessionExists(liveId)]).toEqual([false, true]);
    expect(await sessionOf(live.cookie)).toBe(liveId);
    // Better-auth's own stored expiry, compared right: a day past it, the live one goes too.
    const pastLifetime = new Date(Date.now() + (SESSION_EXPIRES_IN_SECONDS + 86_400) * 1000);
    await deleteExpiredRows(db(), "session", pastLifetime);
    expect(await sessionExists(liveId)).toBe(false);
  });
});

describe("expired verification rows", () => {
  it("are deleted, whoever wrote them, and rows still valid are kept", async () => {
    const { email, response } = await signUp(t.app, { name: "Sweep Me" });
    const userId = response.json<{ user: { id: string } }>().user.id;
    const now = Date.now();
    const resetRow = await resetRowFor(email, userId);
    const oldAddress = `old-${crypto.randomUUID()}@example.test`;
    const liveAddress = `live-${crypto.randomUUID()}@example.test`;
    await holdEmail(db(), {
      email: oldAddress,
      userId,
      until: new Date(now - MINUTE),
      now: new Date(),
    });
    await holdEmail(db(), {
      email: liveAddress,
      userId,
      until: new Date(now + 2 * 60 * MINUTE),
      now: new Date(),
    });
    const expiredUndo = await undoRow(`undo-${crypto.randomUUID()}`, new Date(now - MINUTE));
    const liveUndo = await undoRow(`undo-${crypto.randomUUID()}`, new Date(now + 60 * MINUTE));

    expect(await deleteExpiredRows(db(), "verification", new Date())).toBeGreaterThanOrEqual(2);
    let left = await identifiers();
    expect(left.has(expiredUndo)).toBe(false);
    expect(left.has(liveUndo)).toBe(true);
    expect(left.has(resetRow)).toBe(true);
    expect(await isEmailHeld(db(), liveAddress)).toBe(true);
    const holdsLeft = await db()
      .selectFrom("verification")
      .select("id")
      .where("identifier", "like", "email-hold:%")
      .where("value", "=", userId)
      .execute();
    expect(holdsLeft).toHaveLength(1);

    // Better-auth's reset link lives 30 minutes: 31 minutes on, it goes too.
    await deleteExpiredRows(db(), "verification", new Date(now + 31 * MINUTE));
    left = await identifiers();
    expect(left.has(resetRow)).toBe(false);
    expect(left.has(liveUndo)).toBe(true);
    expect(await isEmailHeld(db(), liveAddress)).toBe(true);
  });

  it("are swept by themselves on a schedule while the app is up, sessions too", async () => {
    const expired = await undoRow(`undo-${crypto.randomUUID()}`, new Date(Date.now() - MINUTE));
    const live = await undoRow(`undo-${crypto.randomUUID()}`, new Date(Date.now() + 60 * MINUTE));
    const ended = await sessionOf((await signUp(t.app)).cookie);
    const kept = await sessionOf((await signUp(t.app)).cookie);
    await expireSession(ended);
    // An app of its own with the same context, its timer every 100 ms.
    const host = Fastify({ logger: false });
    host.decorate("ctx", t.app.ctx);
    scheduleExpirySweep(host, 100);
    await host.ready();
    try {
      await expect
        .poll(async () => (await identifiers()).has(expired), { timeout: 5_000 })
        .toBe(false);
      await expect.poll(() => sessionExists(ended), { timeout: 5_000 }).toBe(false);
      expect((await identifiers()).has(live)).toBe(true);
      expect(await sessionExists(kept)).toBe(true);
    } finally {
      await host.close();
    }
  });
});
