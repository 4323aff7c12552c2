import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { randomUUID } from "node:crypto";
import { Migrator, sql, type MigrationProvider } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testDatabaseUrl } from "../../test/test-app";
import {
  dropPostgresSchema,
  migrateToLatest,
  openDatabase,
  type DatabaseHandle,
} from "../database";
import { allMigrations } from "./index";

/** Migration 0015 (SQLite, or PostgreSQL with TEST_DATABASE_URL). */
let handle: DatabaseHandle;
let cleanup: () => Promise<void>;

beforeAll(async () => {
  if (testDatabaseUrl) {
    const schema = `t_${randomUUID().replaceAll("-", "")}`;
    handle = await openDatabase({ engine: "postgres", url: testDatabaseUrl, schema });
    cleanup = () => dropPostgresSchema(testDatabaseUrl!, schema);
  } else {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "portal-mig15-"));
    handle = await openDatabase({ engine: "sqlite", file: path.join(dir, "portal.sqlite") });
    cleanup = () => Promise.resolve(fs.rmSync(dir, { recursive: true, force: true }));
  }
  await migrateToLatest(handle);
});
afterAll(async () => {
  await handle.close();
  await cleanup();
});

function migrator() {
  const provider: MigrationProvider = {
    getMigrations: () => Promise.resolve(allMigrations(handle.dialect)),
  };
  return new Migrator({
    db: handle.db,
    provider,
    ...(handle.schema ? { migrationTableSchema: handle.schema } : {}),
  });
}

/** The plan of the file sweep's question "which of these files do messages use?". */
async function sweepPlan(): Promise<string> {
  if (handle.sqlite) {
    return handle.sqlite
      .prepare(`explain query plan select "fileId" from message where "fileId" in (?, ?)`)
      .all("a", "b")
      .map((row) => (row as { detail: string }).detail)
      .join("\n");
  }
  // An empty table would be scanned whatever the indexes: ask whether the index can serve.
  return handle.db.transaction().execute(async (trx) => {
    await sql`set local enable_seqscan = off`.execute(trx);
    const { rows } = await sql<{
      "QUERY PLAN": string;
    }>`explain select "fileId" from message where "fileId" in ('a', 'b')`.execute(trx);
    return rows.map((row) => row["QUERY PLAN"]).join("\n");
  });
}

describe("migration 0015-lighter-message-insert", () => {
  it("keeps only messages with a file in message_file_idx, and the sweep still uses it", async () => {
    const definition = handle.sqlite
      ? (
          handle.sqlite
            .prepare("select sql from sqlite_master where name = 'message_file_idx'")
            .get() as { sql: string }
        ).sql
      : (
          await sql<{
            indexdef: string;
          }>`select indexdef from pg_indexes where indexname = 'message_file_idx' and schemaname = current_schema()`.execute(
            handle.db,
          )
        ).rows[0]!.indexdef;
    expect(definition).toMatch(/where .*"?fileId"? is not null/i);
    expect(await sweepPlan()).toMatch(/message_file_idx/);
  });

  it.skipIf(testDatabaseUrl)(
    "on SQLite, going back folds the pending rows, so the old triggers find an exact index",
    async () => {
      const sqlite = handle.sqlite!;
      await handle.db.insertInto("room").values({ id: "r", createdAt: 1 }).execute();
      sqlite
        .prepare(
          `insert into message (id, "roomId", seq, "senderId", "senderName", text, "createdAt",
             status, "fromMsgNum", "toMsgNum") values (?, 'r', ?, 's', 'S', ?, 1, 'sent', 0, 0)`,
        )
        .run("m1", 1, "pending before going back");
      const back = await migrator().migrateTo("0014-conversation-tools");
      expect(back.error).toBeUndefined();
      sqlite.exec("insert into message_fts(message_fts, rank) values ('integrity-check', 1)");
      const found = sqlite
        .prepare("select rowid from message_fts where message_fts match 'pending'")
        .all();
      expect(found).toHaveLength(1);
      const plan = await sweepPlan();
      expect(plan).toMatch(/message_file_idx/);

      const again = await migrator().migrateToLatest();
      expect(again.error).toBeUndefined();
      sqlite.exec("insert into message_fts(message_fts, rank) values ('integrity-check', 1)");
    },
  );
});
