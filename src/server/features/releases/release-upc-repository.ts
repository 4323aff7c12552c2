import type { Kysely, Transaction } from "kysely";
import type { Database } from "../../db/schema";

type Db = Kysely<Database> | Transaction<Database>;

/**
 * The portal-wide claim on a UPC (decision 104): `release.upcClaim`, the
 * 13-digit form, held by one release at most (a unique index), from its
 * submission until it is withdrawn or rejected.
 */

/** Whether a release other than `releaseId` holds this claim. */
export async function upcClaimedElsewhere(
  db: Db,
  releaseId: string,
  key: string,
): Promise<boolean> {
  const row = await db
    .selectFrom("release")
    .select("id")
    .where("upcClaim", "=", key)
    .where("id", "!=", releaseId)
    .executeTakeFirst();
  return row !== undefined;
}

/** The release claims this UPC (13 digits), or gives its claim back (null). */
export async function setUpcClaim(db: Db, releaseId: string, key: string | null): Promise<void> {
  await db.updateTable("release").set({ upcClaim: key }).where("id", "=", releaseId).execute();
}

/** A unique index refused the write (SQLite or PostgreSQL): another claim came first. */
export function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === "SQLITE_CONSTRAINT_UNIQUE" || code === "SQLITE_CONSTRAINT" || code === "23505";
}
