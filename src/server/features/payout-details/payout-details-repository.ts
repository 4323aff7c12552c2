import type { Kysely, Selectable } from "kysely";
import type { Database, PayoutDetailsTable } from "../../db/schema";
import { compiledQueryCache } from "../../db/compiled-query-cache";

type Db = Kysely<Database>;
export type PayoutDetailsRow = Selectable<PayoutDetailsTable>;

/** Compiled once: every withdrawal reads the artist's terms from here. */
const hotQuery = compiledQueryCache<Database>();

/** The artist's row, or undefined before their first save. */
export async function findPayoutDetails(
  db: Db,
  userId: string,
): Promise<PayoutDetailsRow | undefined> {
  const [row] = await hotQuery(
    db,
    "payout-details-of",
    (slot) => db.selectFrom("payout_details").selectAll().where("userId", "=", slot("userId")),
    { userId },
  );
  return row;
}

/** The rows of these artists (a turn's withdrawal requests read together); missing ones left out. */
export function payoutDetailsOf(db: Db, userIds: readonly string[]): Promise<PayoutDetailsRow[]> {
  return db.selectFrom("payout_details").selectAll().where("userId", "in", userIds).execute();
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
