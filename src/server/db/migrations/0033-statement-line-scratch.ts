import { sql, type Kysely } from "kysely";
import type { MigrationDialect } from "../dialect-types";

/**
 * Staged statement lines are scratch (issue 46's speed, decision 110): a
 * preview cut short is read again from its file, and an import needs only
 * the groups. PostgreSQL's `statement_line` becomes UNLOGGED (no WAL for a
 * million-line COPY); SQLite stages in a TEMP table of the same name on its
 * connection, so the main one is only emptied here.
 */
export const statementLineScratchMigration = (dialect: MigrationDialect) => ({
  async up(db: Kysely<unknown>) {
    await sql`delete from statement_line`.execute(db);
    if (dialect === "postgres") await sql`alter table statement_line set unlogged`.execute(db);
  },
  async down(db: Kysely<unknown>) {
    if (dialect === "postgres") await sql`alter table statement_line set logged`.execute(db);
  },
});
