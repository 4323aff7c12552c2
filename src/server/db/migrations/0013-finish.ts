import type { Kysely } from "kysely";

/**
 * Issue 26: a song's status change is emailed to the artist, with a switch
 * of its own in the mail settings. Null (every existing row) means on, like
 * a person without a row at all.
 */
export const finishMigration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .alterTable("mail_preference")
      .addColumn("songStatusNotices", "boolean")
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.alterTable("mail_preference").dropColumn("songStatusNotices").execute();
  },
};
