import type { Kysely } from "kysely";

/**
 * `posting_split_share`: the split shares a statement's posting (an import
 * or an assignment) locked when it began, the only ones it may pay
 * (decision 138; their state and share are read under that lock). Its
 * entries are written through these rows, never from whatever shares are
 * live when a later range is read: a track's very first save of splits
 * has no split row for the step to lock, so it may add an invitation
 * halfway through an import, and that invitation may be answered before the
 * import commits. Unpaid by the import, it never holds money for a share
 * no longer invited. Rows are written only for shares, so a statement
 * without splits writes none.
 */
export const postingSplitSharesMigration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable("posting_split_share")
      .addColumn("postingId", "text", (c) => c.notNull().references("ledger_posting.id"))
      .addColumn("shareId", "text", (c) => c.notNull().references("split_share.id"))
      .addPrimaryKeyConstraint("posting_split_share_pk", ["postingId", "shareId"])
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable("posting_split_share").execute();
  },
};
