import type { Kysely } from "kysely";

/**
 * Decision 094: a durable path for live delivery. A message, note or desk
 * line stored while the portal runs with Redis leaves a mark here, written
 * in the same statement or transaction as the message; the storing instance
 * clears it once Redis has confirmed its fan-out, and any instance re-sends
 * what a mark older than a couple of seconds still names. No foreign key: a
 * mark whose message is gone (account deletion) is swept away like any other.
 */
export const fanOutPendingMigration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable("fan_out_pending")
      .addColumn("messageId", "text", (c) => c.primaryKey())
      // The instance that stored it: its marks are swept early only once it is dead or unlinked.
      .addColumn("instanceId", "text", (c) => c.notNull())
      // The database's clock (ms), so instances' clocks never disagree about age.
      .addColumn("markedAt", "bigint", (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex("fan_out_pending_marked_at_idx")
      .on("fan_out_pending")
      .column("markedAt")
      .execute();
    // Each instance with Redis, every 500 ms: alive, and whether its link to Redis is up.
    await db.schema
      .createTable("fan_out_instance")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("seenAt", "bigint", (c) => c.notNull())
      .addColumn("linkUp", "integer", (c) => c.notNull())
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable("fan_out_instance").execute();
    await db.schema.dropTable("fan_out_pending").execute();
  },
};
