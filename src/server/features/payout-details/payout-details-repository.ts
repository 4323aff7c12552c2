import type { Kysely, Selectable } from "kysely";
import type { Database, PayoutDetailsTable } from "../../db/schema";

type Db = Kysely<Database>;
export type PayoutDetailsRow = Selectable<PayoutDetailsTable>;

/** The artist's row, or undefined before their first save. */
export function findPayoutDetails(db: Db, userId: string): Promise<PayoutDetailsRow | undefined> {
  return db
    .selectFrom("payout_details")
    .selectAll()
    .where("userId", "=", userId)
    .executeTakeFirst();
}

/** Replaces the artist's details in one statement (first save or a change). */
export async function upsertPayoutDetails(db: Db, row: PayoutDetailsRow): Promise<void> {
  await db
    .insertInto("payout_details")
    .values(row)
    .onConflict((oc) =>
      oc.column("userId").doUpdateSet({
        method: row.method,
        accountHolderName: row.accountHolderName,
        ifsc: row.ifsc,
        upiIdEncrypted: row.upiIdEncrypted,
        accountNumberEncrypted: row.accountNumberEncrypted,
        panEncrypted: row.panEncrypted,
        updatedAt: row.updatedAt,
        withdrawalsHeldUntil: row.withdrawalsHeldUntil,
      }),
    )
    .execute();
}
