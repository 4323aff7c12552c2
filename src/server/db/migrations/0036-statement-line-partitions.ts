import { sql, type Kysely } from "kysely";
import type { MigrationDialect } from "../dialect-types";

/**
 * PostgreSQL stages each statement's lines in a partition of its own
 * (issue 46's speed, decision 123): `statement_line` is partitioned by
 * statement, a preview creates its UNLOGGED partition and drops it when the
 * lines are done with. Dropping a million lines is then instant (a DELETE
 * took most of an import's second), and no index is kept up while they
 * stream in. SQLite stages in a TEMP table of its own (decision 110): its
 * main table is left as it is.
 */
export const statementLinePartitionsMigration = (dialect: MigrationDialect) => ({
  async up(db: Kysely<unknown>) {
    if (dialect !== "postgres") return;
    // Scratch: a preview cut short is read again from its file.
    await sql`drop table statement_line`.execute(db);
    await sql`
      create table statement_line (
        "statementId" text not null, "lineNo" integer not null, isrc text, upc text,
        store text not null, country text not null, "saleMonth" text not null,
        quantity bigint not null default 0, currency text not null, amount text not null,
        title text, artist text
      ) partition by list ("statementId")
    `.execute(db);
  },
  async down(db: Kysely<unknown>) {
    if (dialect !== "postgres") return;
    await sql`drop table statement_line`.execute(db);
    await sql`
      create unlogged table statement_line (
        "statementId" text not null, "lineNo" integer not null, isrc text, upc text,
        store text not null, country text not null, "saleMonth" text not null,
        quantity bigint not null default 0, currency text not null, amount text not null,
        title text, artist text
      )
    `.execute(db);
    await sql`create index statement_line_statement_idx on statement_line ("statementId", "lineNo")`.execute(
      db,
    );
  },
});
