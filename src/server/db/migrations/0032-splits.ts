import { sql, type Kysely } from "kysely";

/**
 * Splits (issue 47, section 1): an artist shares a track's earnings with
 * collaborators invited by email.
 *
 * - `track_split`: one row per track that has (or had) splits: its owner and
 *   when they last saved, the row a save locks so two saves do not interleave.
 * - `split_share`: one collaborator's share of one track, in basis points
 *   (1 = 0.01 %), and its invitation: `invited` → `accepted` | `declined` |
 *   `expired`; `removed` when the artist took it out. Only the token's
 *   sha256 is kept. At most one live (invited or accepted) share per track
 *   and email (partial unique index, both engines).
 * - The money of a share still `invited` is held in the ledger account
 *   `split:SHARE_ID` (kind `split_held`, owner the artist), so ledger-check
 *   covers it like every balance; no money column lives here.
 * - No foreign key to `user`: like the ledger's, these rows are the books
 *   and outlive an account (its deletion must not be refused by them).
 */
export const splitsMigration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable("track_split")
      .addColumn("trackId", "text", (c) => c.primaryKey())
      .addColumn("releaseId", "text", (c) => c.notNull())
      .addColumn("artistId", "text", (c) => c.notNull())
      .addColumn("updatedBy", "text", (c) => c.notNull())
      .addColumn("updatedAt", "bigint", (c) => c.notNull())
      .execute();
    await db.schema
      .createTable("split_share")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("trackId", "text", (c) => c.notNull().references("track_split.trackId"))
      .addColumn("releaseId", "text", (c) => c.notNull())
      .addColumn("artistId", "text", (c) => c.notNull())
      // Lower-cased; matched against the signed-in user's email.
      .addColumn("email", "text", (c) => c.notNull())
      .addColumn("basisPoints", "integer", (c) => c.notNull())
      // invited | accepted | declined | expired | removed
      .addColumn("state", "text", (c) => c.notNull())
      .addColumn("tokenHash", "text", (c) => c.notNull().unique())
      .addColumn("invitedAt", "bigint", (c) => c.notNull())
      .addColumn("expiresAt", "bigint", (c) => c.notNull())
      .addColumn("answeredAt", "bigint")
      .addColumn("collaboratorId", "text")
      .addColumn("updatedAt", "bigint", (c) => c.notNull())
      .execute();
    await sql`
      create unique index split_share_live_idx on split_share ("trackId", email)
      where state in ('invited', 'accepted')
    `.execute(db);
    await db.schema
      .createIndex("split_share_email_idx")
      .on("split_share")
      .columns(["email", "state"])
      .execute();
    await db.schema
      .createIndex("split_share_collaborator_idx")
      .on("split_share")
      .columns(["collaboratorId", "state"])
      .execute();
    await db.schema
      .createIndex("split_share_expiry_idx")
      .on("split_share")
      .columns(["state", "expiresAt"])
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable("split_share").execute();
    await db.schema.dropTable("track_split").execute();
  },
};
