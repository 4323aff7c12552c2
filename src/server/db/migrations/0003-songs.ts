import type { Kysely } from "kysely";

/** The spec's `requests` entity: an artist's song requests, maintained by the agents. */
export function songsMigration() {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable("song_request")
        .addColumn("id", "text", (c) => c.primaryKey())
        .addColumn("artistId", "text", (c) => c.notNull().references("user.id").onDelete("cascade"))
        .addColumn("type", "text", (c) => c.notNull())
        .addColumn("status", "text", (c) => c.notNull())
        .addColumn("album", "text", (c) => c.notNull().defaultTo(""))
        .addColumn("artist", "text", (c) => c.notNull().defaultTo(""))
        .addColumn("genre", "text", (c) => c.notNull().defaultTo(""))
        // A calendar day as YYYY-MM-DD: sorts correctly as text on every engine.
        .addColumn("date", "text", (c) => c.notNull())
        .addColumn("duration", "text", (c) => c.notNull().defaultTo(""))
        .addColumn("lyrics", "text", (c) => c.notNull().defaultTo(""))
        .addColumn("link", "text", (c) => c.notNull().defaultTo(""))
        .addColumn("coverFileId", "text")
        .addColumn("spotifyUrl", "text", (c) => c.notNull().defaultTo(""))
        .addColumn("appleMusicUrl", "text", (c) => c.notNull().defaultTo(""))
        .addColumn("youtubeUrl", "text", (c) => c.notNull().defaultTo(""))
        .addColumn("views", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("createdAt", "bigint", (c) => c.notNull())
        .addColumn("updatedAt", "bigint", (c) => c.notNull())
        .execute();
      // The artist's newest-first list pages by key (date, id) within one artist.
      await db.schema
        .createIndex("song_request_artist_date_idx")
        .on("song_request")
        .columns(["artistId", "date desc", "id desc"])
        .execute();
      // The desk's unfiltered newest-first list.
      await db.schema
        .createIndex("song_request_date_idx")
        .on("song_request")
        .columns(["date desc", "id desc"])
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable("song_request").execute();
    },
  };
}
