import { sql, type Kysely, type RawBuilder } from "kysely";
import type { MigrationDialect } from "../dialect-types";

/** The staged lines' columns before this migration (migration 0036). */
const LINE_COLUMNS = sql`"statementId" text not null, "lineNo" integer not null, isrc text, upc text,
  store text not null, country text not null, "saleMonth" text not null,
  quantity bigint not null default 0, currency text not null, amount text not null,
  title text, artist text`;

/** A staged row as the reader now writes it: a group's lines summed so far (decision 124). */
const SUM_COLUMNS = sql`"statementId" text not null, isrc text, upc text,
  store text not null, country text not null, "saleMonth" text not null,
  quantity bigint not null default 0, "lineCount" bigint not null default 1,
  "rupeeUnits" text not null, title text, artist text`;

/** Makes the staging table anew with `columns`: partitioned by statement on PostgreSQL. */
async function recreateStaging(
  db: Kysely<unknown>,
  dialect: MigrationDialect,
  columns: RawBuilder<unknown>,
) {
  await sql`drop table statement_line`.execute(db);
  const partitioned = dialect === "postgres" ? sql`partition by list ("statementId")` : sql``;
  await sql`create table statement_line (${columns}) ${partitioned}`.execute(db);
}

/**
 * A statement is staged as partial sums of its groups, already converted to
 * exact rupees (issue 46's speed, decision 124), not line by line in each
 * line's currency. Staging is scratch (a preview cut short is read again
 * from its file), so the table is made anew: on PostgreSQL still
 * partitioned by statement; on SQLite the main table, which the connection's
 * TEMP table of the same name shadows.
 */
export const stagedGroupSumsMigration = (dialect: MigrationDialect) => ({
  up: (db: Kysely<unknown>) => recreateStaging(db, dialect, SUM_COLUMNS),
  async down(db: Kysely<unknown>) {
    await recreateStaging(db, dialect, LINE_COLUMNS);
    // SQLite's main table had its index (migration 0028); PostgreSQL's partitioned one none (0036).
    if (dialect !== "postgres") {
      await sql`create index statement_line_statement_idx on statement_line ("statementId", "lineNo")`.execute(
        db,
      );
    }
  },
});
