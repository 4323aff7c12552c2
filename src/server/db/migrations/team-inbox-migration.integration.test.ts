import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migrateToLatest, type DatabaseHandle } from "../database";
import { migratorOf, openMigrationTestDatabase } from "./migration-test-database";

/**
 * Migration 0010 on a database that already holds conversations (SQLite, or
 * PostgreSQL with TEST_DATABASE_URL): each is assigned to its agent and open.
 */
let handle: DatabaseHandle;
let close: () => Promise<void>;

beforeAll(async () => {
  ({ handle, close } = await openMigrationTestDatabase());
});
afterAll(async () => {
  await close();
});

describe("migration 0010-team-inbox", () => {
  it("keeps existing conversations: each assigned to its agent and open", async () => {
    const before = await migratorOf(handle).migrateTo("0009-file-sweep-indexes");
    expect(before.error).toBeUndefined();

    const db = handle.db;
    const now = new Date().toISOString();
    const person = (id: string, admin: boolean) => ({
      id,
      name: id,
      email: `${id}@example.test`,
      emailVerified: handle.bool(false),
      createdAt: now,
      updatedAt: now,
      username: id,
      artistName: id,
      admin: handle.bool(admin),
    });
    await db
      .insertInto("user")
      .values([person("artist1", false), person("agent1", true), person("agent2", true)])
      .execute();
    // Rooms as the app made them before: the two members only.
    for (const [roomId, agentId] of [
      ["agent1-artist1", "agent1"],
      ["agent2-artist1", "agent2"],
    ] as const) {
      await db.insertInto("room").values({ id: roomId, createdAt: 1 }).execute();
      await db
        .insertInto("room_member")
        .values([
          { roomId, userId: "artist1", lastReadAt: 5 },
          { roomId, userId: agentId, lastReadAt: null },
        ])
        .execute();
    }

    await migrateToLatest(handle);

    const rooms = await db
      .selectFrom("room")
      .select(["id", "artistId", "agentId", "assigneeId", "status"])
      .orderBy("id")
      .execute();
    expect(rooms).toEqual([
      {
        id: "agent1-artist1",
        artistId: "artist1",
        agentId: "agent1",
        assigneeId: "agent1",
        status: "open",
      },
      {
        id: "agent2-artist1",
        artistId: "artist1",
        agentId: "agent2",
        assigneeId: "agent2",
        status: "open",
      },
    ]);
  });
});
