import { sql, type Kysely } from "kysely";
import type { MigrationDialect } from "../dialect-types";

/**
 * PostgreSQL: the message search index keeps a 256 KB pending list instead of
 * the server's default (4 MB). With fastupdate, an insert whose turn fills the
 * list cleans all of it up, which stalled one message in a few thousand for
 * 50–70 ms at 2,000 msg/s; a short list is cleaned often and quickly, at the
 * same throughput (scripts/bench/bench-pg-batch.ts, docs/benchmarks.md). SQLite has
 * no such index: nothing to do there.
 */
export function shortGinPendingListMigration(dialect: MigrationDialect) {
  return {
    async up(db: Kysely<unknown>) {
      if (dialect === "sqlite") return;
      await sql`alter index message_text_search_idx set (gin_pending_list_limit = 256)`.execute(db);
    },
    async down(db: Kysely<unknown>) {
      if (dialect === "sqlite") return;
      await sql`alter index message_text_search_idx reset (gin_pending_list_limit)`.execute(db);
    },
  };
}
