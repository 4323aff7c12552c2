import type { ColumnType } from "kysely";

/**
 * The column types every feature's tables share. Timestamps are stored as
 * ISO-8601 text on SQLite and timestamptz on PostgreSQL; better-auth converts
 * them itself.
 */
export type Timestamp = ColumnType<Date | string, Date | string, Date | string>;
export type Bool = ColumnType<boolean | number, boolean | number, boolean | number>;
/** A bigint column read as a JS number (the PostgreSQL driver is told to parse int8). */
export type Int64 = ColumnType<number, number, number>;
/** Instants in our own tables: epoch milliseconds, portable and index-friendly. */
export type EpochMs = Int64;
