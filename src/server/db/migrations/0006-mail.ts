import { sql, type Kysely } from "kysely";

/**
 * Mail and scheduled notices are recorded here before anything is sent, so a
 * crash or restart loses none (decision 019). Per-user mail preferences live
 * beside them, outside better-auth's user table.
 */
export function mailMigration() {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable("mail_job")
        .addColumn("id", "text", (c) => c.primaryKey())
        // "mail": a rendered message; "unread-notice": decided and rendered when due.
        .addColumn("kind", "text", (c) => c.notNull())
        // At most one pending job per key (one unread notice per conversation and person).
        .addColumn("dedupeKey", "text")
        .addColumn("payload", "text", (c) => c.notNull())
        // pending -> sent | skipped
        .addColumn("status", "text", (c) => c.notNull())
        .addColumn("runAt", "bigint", (c) => c.notNull())
        .addColumn("attempts", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("lastError", "text")
        .addColumn("createdAt", "bigint", (c) => c.notNull())
        .addColumn("doneAt", "bigint")
        .execute();
      await db.schema
        .createIndex("mail_job_due_idx")
        .on("mail_job")
        .columns(["status", "runAt"])
        .execute();
      await db.schema
        .createIndex("mail_job_pending_key_idx")
        .on("mail_job")
        .column("dedupeKey")
        .unique()
        .where(sql.ref("status"), "=", "pending")
        .execute();
      await db.schema
        .createIndex("mail_job_key_idx")
        .on("mail_job")
        .columns(["dedupeKey", "createdAt"])
        .execute();
      await db.schema
        .createTable("mail_preference")
        .addColumn("userId", "text", (c) =>
          c.primaryKey().references("user.id").onDelete("cascade"),
        )
        .addColumn("unreadNotices", "boolean", (c) => c.notNull())
        .addColumn("updatedAt", "bigint", (c) => c.notNull())
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable("mail_preference").execute();
      await db.schema.dropTable("mail_job").execute();
    },
  };
}
