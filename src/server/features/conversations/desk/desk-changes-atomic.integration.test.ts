import { randomUUID } from "node:crypto";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ChatMessage } from "../../../../shared/chat";
import type { DeskRoom } from "../../../../shared/desk";
import { ORIGIN, createTestApp, type TestApp } from "../../../test/test-app";
import { createUser, type TestUser } from "../../../test/chat-test-helpers";
import { RoomWriter } from "../messages/room-writer";

/**
 * A desk change and the line that records it commit together (issue 41): a
 * second write that fails takes the first with it. The failure is a trigger
 * refusing the line (or a note's mention), on SQLite and, with
 * TEST_DATABASE_URL, on PostgreSQL.
 */
let t: TestApp;
let artist: TestUser;
let picked: TestUser;
let mate: TestUser;
let roomId: string;

beforeAll(async () => {
  t = await createTestApp();
  artist = await createUser(t.app, "Atomic Artist");
  picked = await createUser(t.app, "Picked Atomic", true);
  mate = await createUser(t.app, "Mate Atomic", true);
  const opened = await t.app.inject({
    method: "PUT",
    url: `/api/chat/rooms/with/${picked.id}`,
    headers: headers(artist),
  });
  roomId = opened.json<{ roomId: string }>().roomId;
});
afterAll(async () => {
  await t.close();
});

const headers = (user: TestUser) => ({ cookie: user.cookie, origin: ORIGIN });
const deskCall = (method: "GET" | "POST" | "PUT", path: string, payload?: object) =>
  t.app.inject({
    method,
    url: `/api/desk/rooms/${roomId}${path}`,
    headers: headers(mate),
    payload,
  });
const state = async () => (await deskCall("GET", "")).json<DeskRoom>();
const lines = async () => {
  const response = await t.app.inject({
    url: `/api/chat/rooms/${roomId}/messages`,
    headers: headers(mate),
  });
  return response.json<ChatMessage[]>().filter((m) => m.kind === "event" || m.kind === "note");
};

/** Makes every insert of a desk line (kind 'event') and of a mention fail, until undone. */
async function refuseSecondWrites(): Promise<() => Promise<void>> {
  const { db, dialect } = t.app.ctx.database;
  if (dialect === "sqlite") {
    await sql`create trigger refuse_lines before insert on message when new.kind = 'event'
              begin select raise(abort, 'line refused'); end`.execute(db);
    await sql`create trigger refuse_mentions before insert on desk_mention
              begin select raise(abort, 'mention refused'); end`.execute(db);
    return async () => {
      await sql`drop trigger refuse_lines`.execute(db);
      await sql`drop trigger refuse_mentions`.execute(db);
    };
  }
  await sql`create function refuse_write() returns trigger language plpgsql
            as $$ begin raise exception 'write refused'; end $$`.execute(db);
  await sql`create trigger refuse_lines before insert on message for each row
            when (new.kind = 'event') execute function refuse_write()`.execute(db);
  await sql`create trigger refuse_mentions before insert on desk_mention for each row
            execute function refuse_write()`.execute(db);
  return async () => {
    await sql`drop trigger refuse_lines on message`.execute(db);
    await sql`drop trigger refuse_mentions on desk_mention`.execute(db);
    await sql`drop function refuse_write()`.execute(db);
  };
}

describe("a desk change and its line", () => {
  it("are stored together or not at all: assign, resolve, a note with a mention", async () => {
    const before = await state();
    expect(before).toMatchObject({ assigneeId: picked.id, status: "open" });
    const undo = await refuseSecondWrites();
    try {
      const assign = await deskCall("PUT", "/assignee", { assigneeId: mate.id });
      expect(assign.statusCode).toBeGreaterThanOrEqual(500);
      const resolve = await deskCall("POST", "/resolve");
      expect(resolve.statusCode).toBeGreaterThanOrEqual(500);
      const note = await deskCall("POST", "/notes", {
        id: randomUUID(),
        text: "@Picked Atomic have a look",
      });
      expect(note.statusCode).toBeGreaterThanOrEqual(500);
    } finally {
      await undo();
    }
    // Neither the state change nor its first write was kept.
    expect(await state()).toMatchObject({ assigneeId: picked.id, status: "open" });
    expect(await lines()).toEqual([]);

    // The same calls go through once the database accepts the second write.
    expect((await deskCall("PUT", "/assignee", { assigneeId: mate.id })).statusCode).toBe(200);
    expect((await deskCall("POST", "/resolve")).statusCode).toBe(200);
    expect(await state()).toMatchObject({ assigneeId: mate.id, status: "resolved" });
    expect((await lines()).map((m) => m.kind)).toEqual(["event", "event"]);
  });

  it("leave no fan-out mark behind when the change fails (marks as with Redis)", async () => {
    const { db, dialect, sqlite } = t.app.ctx.database;
    const writer = new RoomWriter({
      db,
      dialect,
      ...(sqlite ? { sqlite } : {}),
      markFanOut: "atomic-test",
    });
    const line = (text: string) => ({
      id: randomUUID(),
      roomId,
      senderId: mate.id,
      senderName: "Mate Atomic",
      text,
      createdAt: Date.now(),
      file: null,
      kind: "event" as const,
    });
    const statusNow = async () =>
      (
        await db
          .selectFrom("room")
          .select("status")
          .where("id", "=", roomId)
          .executeTakeFirstOrThrow()
      ).status;
    const marks = async () =>
      (
        await db
          .selectFrom("fan_out_pending")
          .select("messageId")
          .where("instanceId", "=", "atomic-test")
          .execute()
      ).length;
    const reopen = (text: string) =>
      writer.change(async ({ trx, insert }) => {
        await trx.updateTable("room").set({ status: "open" }).where("id", "=", roomId).execute();
        return insert(line(text));
      });

    const undo = await refuseSecondWrites();
    try {
      await expect(reopen("refused")).rejects.toThrow();
    } finally {
      await undo();
    }
    expect(await statusNow()).toBe("resolved");
    expect(await marks()).toBe(0);

    expect((await reopen("accepted")).outcome).toBe("created");
    expect(await statusNow()).toBe("open");
    expect(await marks()).toBe(1);
  });
});
