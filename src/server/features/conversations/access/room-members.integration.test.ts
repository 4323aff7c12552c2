import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DomainEvents } from "../../../events/domain-events";
import { createUser } from "../../../test/chat-test-helpers";
import { createTestApp, type TestApp } from "../../../test/test-app";
import { RoomMembers } from "./room-members";

/**
 * The member cache file downloads and sends ask: a room's members are read
 * once, and forgotten on every instance when one of them is deleted.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
}, 60_000);
afterAll(() => t.close());

describe("a room's member cache", () => {
  it("reads a room's members once, and forgets them when one of them is deleted", async () => {
    const db = t.app.ctx.database.db;
    const events = new DomainEvents(t.app.log);
    const members = new RoomMembers(db).followChanges(events);
    const roomId = crypto.randomUUID();
    const artist = (await createUser(t.app, "Asha Rao")).id;
    const agent = (await createUser(t.app, "Agent One", true)).id;
    // No room yet: nothing remembered, so the room made next is seen.
    expect(await members.of(roomId)).toEqual([]);
    await db
      .insertInto("room")
      .values({
        id: roomId,
        createdAt: Date.now(),
        artistId: artist,
        agentId: agent,
        assigneeId: agent,
        statusChangedAt: null,
      })
      .execute();
    await db
      .insertInto("room_member")
      .values([artist, agent].map((userId) => ({ roomId, userId, lastReadAt: null })))
      .execute();
    expect([...(await members.of(roomId))].sort()).toEqual([agent, artist].sort());
    expect(await members.mayUse(roomId, { id: artist, admin: false })).toBe(true);
    expect(await members.mayUse(roomId, { id: "stranger", admin: false })).toBe(false);

    // Cached: the rows going does not reach it until the deletion is announced.
    await db.deleteFrom("room_member").where("roomId", "=", roomId).execute();
    expect(await members.mayUse(roomId, { id: artist, admin: false })).toBe(true);
    await events.emit("user.deleted", { userId: artist, email: "a@x.test" });
    expect(await members.of(roomId)).toEqual([]);
    expect(await members.mayUse(roomId, { id: artist, admin: false })).toBe(false);
  });
});
