import { sql, type ExpressionBuilder as Eb, type Kysely, type Transaction } from "kysely";
import type { Database } from "../../db/schema";
import type { ReleaseRow } from "./release-repository";

type Db = Kysely<Database> | Transaction<Database>;
type ExpressionBuilder = Eb<Database, "release">;

/**
 * Holds the artist's row until the transaction ends, so that two New release
 * visits at once (two tabs) cannot both find no untouched draft and both
 * make one: the second waits, then finds the first's. A write that changes
 * nothing: a row lock on PostgreSQL, the database's write lock on SQLite.
 */
export async function lockArtistForNewDraft(trx: Transaction<Database>, artistId: string) {
  await trx
    .updateTable("user")
    .set({ updatedAt: sql`"updatedAt"` })
    .where("id", "=", artistId)
    .execute();
}

/**
 * The artist's newest draft as it was created: nothing typed, no file
 * uploaded to it, no track (reused by New release, so visits do not pile up
 * empty drafts).
 */
export async function findUntouchedDraft(
  db: Db,
  artistId: string,
): Promise<ReleaseRow | undefined> {
  const none = (table: "release_track" | "release_file") => (eb: ExpressionBuilder) =>
    eb.not(
      eb.exists(eb.selectFrom(table).select("releaseId").whereRef("releaseId", "=", "release.id")),
    );
  return db
    .selectFrom("release")
    .selectAll()
    .where("artistId", "=", artistId)
    .where("state", "=", "draft")
    .where("version", "=", 1)
    .where("title", "=", "")
    .where("artworkFileId", "is", null)
    .where(none("release_track"))
    .where(none("release_file"))
    .orderBy("createdAt", "desc")
    .orderBy("id", "desc")
    .executeTakeFirst();
}
