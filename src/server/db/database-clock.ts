import { sql, type RawBuilder } from "kysely";
import type { MigrationDialect } from "./dialect-types";

/**
 * The database's own clock in epoch ms, as SQL: instances on several
 * machines compare ages against one clock, never against each other's.
 */
export const POSTGRES_NOW_MS = sql<number>`(extract(epoch from clock_timestamp()) * 1000)::bigint`;
/** SQLite's, as text for prepared statements (julianday keeps the milliseconds). */
export const SQLITE_NOW_MS_TEXT = `cast((julianday('now') - 2440587.5) * 86400000 as integer)`;

export function databaseNowMs(dialect: MigrationDialect): RawBuilder<number> {
  return dialect === "postgres" ? POSTGRES_NOW_MS : sql<number>`${sql.raw(SQLITE_NOW_MS_TEXT)}`;
}
