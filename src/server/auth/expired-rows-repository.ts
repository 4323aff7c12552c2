import type { Kysely } from "kysely";
import type { Database } from "../db/schema";

/**
 * Tables whose rows are refused once their `expiresAt` has passed: sessions
 * (by better-auth), verification rows (reset links, email-change undo links,
 * held addresses; by each of their readers).
 */
export type ExpiringTable = "session" | "verification";

/** Deletes the rows of `table` that expired before `now`; answers how many. */
export async function deleteExpiredRows(
  db: Kysely<Database>,
  table: ExpiringTable,
  now: Date,
): Promise<number> {
  // Timestamps are ISO text on SQLite and timestamptz on PostgreSQL: ISO text
  // compares in time order on the first and is read as a time by the second.
  const result = await db
    .deleteFrom(table)
    .where("expiresAt", "<", now.toISOString())
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
