import type { Kysely } from "kysely";
import type { Database } from "../db/schema";

/**
 * Deletes the verification rows (reset links, email-change undo links,
 * held addresses) that expired before `now`; answers how many. Every reader
 * of these rows already treats an expired one as absent, so this only
 * keeps the table from growing with links nobody used.
 */
export async function deleteExpiredVerifications(db: Kysely<Database>, now: Date): Promise<number> {
  // Timestamps are ISO text on SQLite and timestamptz on PostgreSQL: ISO text
  // compares in time order on the first and is read as a time by the second.
  const result = await db
    .deleteFrom("verification")
    .where("expiresAt", "<", now.toISOString())
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
