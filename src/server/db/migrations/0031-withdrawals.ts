import { sql, type Kysely } from "kysely";

/**
 * Withdrawals (issue 47, sections 3 and 4): one row per request, its money
 * in the ledger (postings `withdrawal:ID:request|paid|failed`), this row its
 * state for the artist and the finance desk.
 *
 * - `idempotencyKey` (unique): the artist's id and the key the client sent,
 *   so a retry or a double press makes one withdrawal.
 * - `withdrawal_in_progress_idx`: at most one requested or approved
 *   withdrawal per artist, kept by the engine, so parallel requests with
 *   different keys still make one (partial unique index, both engines).
 * - `financialYear`: the year (April to March, IST) it counts towards for TDS.
 */
export const withdrawalsMigration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable("withdrawal")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("artistId", "text", (c) => c.notNull().references("user.id"))
      .addColumn("idempotencyKey", "text", (c) => c.notNull().unique())
      .addColumn("state", "text", (c) => c.notNull())
      .addColumn("amountPaise", "bigint", (c) => c.notNull())
      .addColumn("tdsPaise", "bigint", (c) => c.notNull())
      .addColumn("netPaise", "bigint", (c) => c.notNull())
      .addColumn("tdsRateBasisPoints", "integer", (c) => c.notNull())
      .addColumn("hasPan", "integer", (c) => c.notNull())
      .addColumn("financialYear", "integer", (c) => c.notNull())
      .addColumn("reference", "text")
      .addColumn("failureReason", "text")
      .addColumn("requestedAt", "bigint", (c) => c.notNull())
      .addColumn("approvedAt", "bigint")
      .addColumn("approvedBy", "text")
      .addColumn("paidAt", "bigint")
      .addColumn("paidBy", "text")
      .addColumn("failedAt", "bigint")
      .addColumn("failedBy", "text")
      .addColumn("updatedAt", "bigint", (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex("withdrawal_artist_idx")
      .on("withdrawal")
      .columns(["artistId", "requestedAt"])
      .execute();
    await db.schema
      .createIndex("withdrawal_state_idx")
      .on("withdrawal")
      .columns(["state", "requestedAt"])
      .execute();
    await sql`
      create unique index withdrawal_in_progress_idx on withdrawal ("artistId")
      where state in ('requested', 'approved')
    `.execute(db);
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable("withdrawal").execute();
  },
};
