import type { Kysely } from "kysely";

/** Every uploaded file: who owns it, what it is for, and what its bytes are. */
export const storedFilesMigration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable("stored_file")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("purpose", "text", (c) => c.notNull())
      .addColumn("ownerId", "text", (c) => c.notNull())
      .addColumn("scope", "text")
      .addColumn("status", "text", (c) => c.notNull())
      .addColumn("mimeType", "text")
      .addColumn("kind", "text")
      .addColumn("name", "text", (c) => c.notNull())
      .addColumn("size", "bigint", (c) => c.notNull())
      .addColumn("createdAt", "bigint", (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex("stored_file_owner_idx")
      .on("stored_file")
      .columns(["ownerId", "purpose"])
      .execute();
    await db.schema
      .createIndex("stored_file_scope_idx")
      .on("stored_file")
      .columns(["scope", "purpose"])
      .execute();
  },
};
