import { sql, type Kysely } from "kysely";

/**
 * Songs and support together (issue 14): every status change recorded with
 * its reason, a version for optimistic concurrency, an unseen flag for the
 * artist's notice dot, and views counted per day for the sparkline.
 */
export function songHistoryMigration() {
  return {
    async up(db: Kysely<unknown>) {
      // Filters compare stored statuses exactly: normalise old free-form values once.
      await sql`update song_request set status = lower(trim(status))`.execute(db);
      await db.schema
        .alterTable("song_request")
        .addColumn("version", "integer", (c) => c.notNull().defaultTo(1))
        .execute();
      // 1 after a status change until the artist opens the song (the nav dot).
      await db.schema
        .alterTable("song_request")
        .addColumn("statusUnseen", "integer", (c) => c.notNull().defaultTo(0))
        .execute();
      // "Your Songs" filtered by status pages by key like the unfiltered list.
      await db.schema
        .createIndex("song_request_artist_status_date_idx")
        .on("song_request")
        .columns(["artistId", "status", "date desc", "id desc"])
        .execute();

      await db.schema
        .createTable("song_status_event")
        .addColumn("id", "text", (c) => c.primaryKey())
        .addColumn("songId", "text", (c) =>
          c.notNull().references("song_request.id").onDelete("cascade"),
        )
        // Null for the first entry: the song was created with this status.
        .addColumn("fromStatus", "text")
        .addColumn("toStatus", "text", (c) => c.notNull())
        .addColumn("reasonCode", "text")
        .addColumn("note", "text", (c) => c.notNull().defaultTo(""))
        .addColumn("agentId", "text", (c) => c.references("user.id").onDelete("set null"))
        .addColumn("agentName", "text", (c) => c.notNull())
        .addColumn("createdAt", "bigint", (c) => c.notNull())
        // The email notice (a later issue) picks up rows still null here.
        .addColumn("emailedAt", "bigint")
        .execute();
      await db.schema
        .createIndex("song_status_event_song_idx")
        .on("song_status_event")
        .columns(["songId", "createdAt"])
        .execute();

      await db.schema
        .createTable("song_view_day")
        .addColumn("songId", "text", (c) =>
          c.notNull().references("song_request.id").onDelete("cascade"),
        )
        // A UTC calendar day as YYYY-MM-DD.
        .addColumn("day", "text", (c) => c.notNull())
        .addColumn("views", "integer", (c) => c.notNull().defaultTo(0))
        .addPrimaryKeyConstraint("song_view_day_pk", ["songId", "day"])
        .execute();

      // Chat: a system line ("Alex marked 'Night Drive' as released") and a
      // message's song reference ("Ask about this song").
      await db.schema
        .alterTable("message")
        .addColumn("kind", "text", (c) => c.notNull().defaultTo("text"))
        .execute();
      await db.schema.alterTable("message").addColumn("songId", "text").execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.alterTable("message").dropColumn("songId").execute();
      await db.schema.alterTable("message").dropColumn("kind").execute();
      await db.schema.dropTable("song_view_day").execute();
      await db.schema.dropTable("song_status_event").execute();
      await db.schema.dropIndex("song_request_artist_status_date_idx").execute();
      await db.schema.alterTable("song_request").dropColumn("statusUnseen").execute();
      await db.schema.alterTable("song_request").dropColumn("version").execute();
    },
  };
}
