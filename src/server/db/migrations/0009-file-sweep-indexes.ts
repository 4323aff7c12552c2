import type { Kysely } from "kysely";

/**
 * The file sweeper's questions answered by index: old files by status, and
 * whether a message or a song refers to a file (without these, every sweep
 * batch would scan the message table).
 */
export const fileSweepIndexesMigration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createIndex("stored_file_status_created_idx")
      .on("stored_file")
      .columns(["status", "createdAt"])
      .execute();
    await db.schema.createIndex("message_file_idx").on("message").column("fileId").execute();
    await db.schema
      .createIndex("song_request_cover_idx")
      .on("song_request")
      .column("coverFileId")
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropIndex("song_request_cover_idx").execute();
    await db.schema.dropIndex("message_file_idx").execute();
    await db.schema.dropIndex("stored_file_status_created_idx").execute();
  },
};
