import { sql, type Kysely } from "kysely";
import type { Database } from "../../db/schema";
import { byCodeUnit } from "../../../shared/code-unit-order";

type Db = Kysely<Database>;

/**
 * Locks these split shares one row at a time in id order (code units), the
 * order every step that changes shares takes them (decision 137): an import,
 * a reversal, an assignment, a save and a deletion that share two shares
 * wait for each other on PostgreSQL instead of deadlocking. One multi-row
 * update would lock them in whatever order its plan visits them. No-op
 * updates: a row lock on PostgreSQL; SQLite runs one writer anyway.
 */
export async function lockSharesInIdOrder(db: Db, shareIds: readonly string[]): Promise<void> {
  for (const id of [...new Set(shareIds)].sort(byCodeUnit)) {
    await db
      .updateTable("split_share")
      .set({ updatedAt: sql`"updatedAt"` })
      .where("id", "=", id)
      .execute();
  }
}
