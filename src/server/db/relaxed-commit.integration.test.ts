/**
 * A relaxed commit (decision 132) changes how its own commit waits for the
 * disk, and nothing else: the connection is back at its level afterwards,
 * also when the work fails, and the work is still one transaction.
 */
import { randomUUID } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql, type Kysely } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testDatabaseUrl } from "../test/test-app";
import type { DatabaseHandle } from "./database-handle";
import { dropPostgresSchema, openDatabase } from "./database";
import { relaxedCommitTransaction } from "./relaxed-commit";

async function sqliteLevel(db: Kysely<unknown>): Promise<number> {
  const { rows } = await sql<{ synchronous: number }>`pragma synchronous`.execute(db);
  return rows[0]!.synchronous;
}

describe("a relaxed commit on SQLite", () => {
  let dir: string;
  let handle: DatabaseHandle;
  let db: Kysely<unknown>;

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "portal-relaxed-"));
    handle = await openDatabase({ engine: "sqlite", file: path.join(dir, "portal.sqlite") });
    db = handle.db as unknown as Kysely<unknown>;
    await sql`create table counted (n integer)`.execute(db);
  });
  afterAll(async () => {
    await handle.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it("commits at NORMAL, then returns the connection to FULL", async () => {
    expect(await sqliteLevel(db)).toBe(2);
    const inside = await relaxedCommitTransaction(db, "sqlite", async (trx) => {
      await sql`insert into counted values (1)`.execute(trx);
      return sqliteLevel(trx);
    });
    expect(inside).toBe(1);
    expect(await sqliteLevel(db)).toBe(2);
  });

  it("rolls back failed work whole and still returns the connection to FULL", async () => {
    const before = await sql<{ c: number }>`select count(*) as c from counted`.execute(db);
    await expect(
      relaxedCommitTransaction(db, "sqlite", async (trx) => {
        await sql`insert into counted values (2)`.execute(trx);
        throw new Error("refused");
      }),
    ).rejects.toThrow("refused");
    const after = await sql<{ c: number }>`select count(*) as c from counted`.execute(db);
    expect(after.rows[0]!.c).toBe(before.rows[0]!.c);
    expect(await sqliteLevel(db)).toBe(2);
  });
});

describe.skipIf(!testDatabaseUrl)("a relaxed commit on PostgreSQL", () => {
  const schema = `t_relaxed_${randomUUID().replaceAll("-", "")}`;
  let handle: DatabaseHandle;
  let db: Kysely<unknown>;

  beforeAll(async () => {
    handle = await openDatabase({ engine: "postgres", url: testDatabaseUrl!, schema });
    db = handle.db as unknown as Kysely<unknown>;
  });
  afterAll(async () => {
    await handle.close();
    await dropPostgresSchema(testDatabaseUrl!, schema);
  });

  const setting = async (on: Kysely<unknown>) =>
    (await sql<{ synchronous_commit: string }>`show synchronous_commit`.execute(on)).rows[0]!
      .synchronous_commit;

  it("turns synchronous_commit off for its own transaction only", async () => {
    const inside = await relaxedCommitTransaction(db, "postgres", (trx) => setting(trx));
    expect(inside).toBe("off");
    expect(await db.transaction().execute((trx) => setting(trx))).toBe("on");
  });
});
