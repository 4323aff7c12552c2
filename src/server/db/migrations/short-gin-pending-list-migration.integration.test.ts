import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testDatabaseUrl } from "../../test/test-app";
import { migrateToLatest, type DatabaseHandle } from "../database";
import { migratorOf, openMigrationTestDatabase } from "./migration-test-database";

/** Migration 0016: PostgreSQL only (TEST_DATABASE_URL); SQLite has no GIN index. */
let handle: DatabaseHandle;
let close: () => Promise<void>;

beforeAll(async () => {
  ({ handle, close } = await openMigrationTestDatabase());
  await migrateToLatest(handle);
});
afterAll(async () => {
  await close();
});

/** The storage options PostgreSQL holds for the message search index. */
async function searchIndexOptions(): Promise<string[]> {
  const { rows } = await sql<{ reloptions: string[] | null }>`
    select c.reloptions from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where c.relname = 'message_text_search_idx' and n.nspname = current_schema()`.execute(
    handle.db,
  );
  expect(rows).toHaveLength(1);
  return rows[0]!.reloptions ?? [];
}

describe.runIf(testDatabaseUrl)("migration 0016-short-gin-pending-list", () => {
  it("gives the message search index a 256 KB pending list, and going back restores the default", async () => {
    expect(await searchIndexOptions()).toContain("gin_pending_list_limit=256");

    const back = await migratorOf(handle).migrateTo("0015-lighter-message-insert");
    expect(back.error).toBeUndefined();
    expect(await searchIndexOptions()).not.toContain("gin_pending_list_limit=256");

    const again = await migratorOf(handle).migrateToLatest();
    expect(again.error).toBeUndefined();
    expect(await searchIndexOptions()).toContain("gin_pending_list_limit=256");
  });
});
