import type { Kysely } from "kysely";

/**
 * What the hosted-service import brought in: one row per source record
 * (kind + its id in the export) naming the row it became here. A record with
 * a row is imported, so a re-run or a resumed run skips it, and a user whose
 * id could not be kept can still be traced.
 */
export const importRecordsMigration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable("import_record")
      .addColumn("kind", "text", (c) => c.notNull())
      .addColumn("sourceId", "text", (c) => c.notNull())
      .addColumn("targetId", "text", (c) => c.notNull())
      .addColumn("importedAt", "bigint", (c) => c.notNull())
      .addPrimaryKeyConstraint("import_record_pk", ["kind", "sourceId"])
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable("import_record").execute();
  },
};
