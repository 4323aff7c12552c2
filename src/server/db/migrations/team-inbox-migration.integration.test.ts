import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { randomUUID } from "node:crypto";
import { Migrator, type MigrationProvider } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testDatabaseUrl } from "../../test/test-app";
import {
  dropPostgresSchema,
  migrateToLatest,
  openDatabase,
  type DatabaseHandle,
} from "../database";
import { allMigrations } from "./index";

/**
 * Migration 0010 on a database that already holds conversations (SQLite, or
 * PostgreSQL with TEST_DATABASE_URL): each is assigned to its agent and open.
 */
let handle: DatabaseHandle;
let cleanup: () => Promise<void>;

beforeAll(async () => {
  if (testDatabaseUrl) {
    const schema = `t_${randomUUID().replaceAll("-", "")}`;
    handle = await openDatabase({ engine: "postgres", url: testDatabaseUrl, schema });
    cleanup = () => dropPostgresSchema(testDatabaseUrl!, schema);
  } else {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "portal-mig-"));
    handle = await openDatabase({ engine: "sqlite", file: path.join(dir, "portal.sqlite") });
    cleanup = () => Promise.resolve(fs.rmSync(dir, { recursive: true, force: true }));
  }
});
afterAll(async () => {
  await handle.close();
  await cleanup();
});

describe("migration 0010-team-inbox", () => {
  it("keeps existing conversations: each assigned to its agent and open", async () => {
    const provider: MigrationProvider = {
      getMigrations: () => Promise.resolve(allMigrations(handle.dialect)),
    };
    const migrator = new Migrator({
      db: handle.db,
      provider,
      ...(handle.schema ? { migrationTableSchema: handle.schema } : {}),
    });
    const before = await migrator.migrateTo("0009-file-sweep-indexes");
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
