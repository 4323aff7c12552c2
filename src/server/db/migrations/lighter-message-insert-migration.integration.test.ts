import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testDatabaseUrl } from "../../test/test-app";
import { migrateToLatest, type DatabaseHandle } from "../database";
import { migratorOf, openMigrationTestDatabase } from "./migration-test-database";

/** Migration 0015 (SQLite, or PostgreSQL with TEST_DATABASE_URL). */
let handle: DatabaseHandle;
let close: () => Promise<void>;

beforeAll(async () => {
  ({ handle, close } = await openMigrationTestDatabase());
  await migrateToLatest(handle);
});
afterAll(async () => {
  await close();
});

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
      const back = await migratorOf(handle).migrateTo("0014-conversation-tools");
      expect(back.error).toBeUndefined();
      sqlite.exec("insert into message_fts(message_fts, rank) values ('integrity-check', 1)");
      const found = sqlite
        .prepare("select rowid from message_fts where message_fts match 'pending'")
        .all();
      expect(found).toHaveLength(1);
      const plan = await sweepPlan();
      expect(plan).toMatch(/message_file_idx/);

      const again = await migratorOf(handle).migrateToLatest();
      expect(again.error).toBeUndefined();
      sqlite.exec("insert into message_fts(message_fts, rank) values ('integrity-check', 1)");
    },
  );
});
