import type { Kysely } from "kysely";

/**
 * Payout details (issue 47): one row per artist, where withdrawals are paid.
 * The UPI ID, account number and PAN are stored only encrypted (AES-256-GCM,
 * features/payout-details/payout-cipher.ts); the bank's IFSC and the holder's
 * name are not secret and stay readable. `withdrawalsHeldUntil` is when
 * withdrawals may start again after a change (null: no hold).
 */
export const payoutDetailsMigration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable("payout_details")
      .addColumn("userId", "text", (c) => c.primaryKey().references("user.id").onDelete("cascade"))
      .addColumn("method", "text", (c) => c.notNull())
      .addColumn("accountHolderName", "text")
      .addColumn("ifsc", "text")
      .addColumn("upiIdEncrypted", "text")
      .addColumn("accountNumberEncrypted", "text")
      .addColumn("panEncrypted", "text")
      .addColumn("updatedAt", "bigint", (c) => c.notNull())
      .addColumn("withdrawalsHeldUntil", "bigint")
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable("payout_details").execute();
  },
};
