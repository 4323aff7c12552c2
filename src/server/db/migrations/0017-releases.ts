import type { Kysely } from "kysely";

/**
 * Releases (issue 39): an artist's release with its ordered tracks, and the
 * checked details of each file uploaded for one. Only new tables: every
 * song request stays as it was. Lists (featured artists, acknowledged
 * warnings) and a file's checked details are JSON text, read whole with
 * their row on both engines.
 */
export const releasesMigration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable("release")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("artistId", "text", (c) => c.notNull().references("user.id").onDelete("cascade"))
      .addColumn("state", "text", (c) => c.notNull())
      .addColumn("version", "integer", (c) => c.notNull().defaultTo(1))
      .addColumn("title", "text", (c) => c.notNull().defaultTo(""))
      .addColumn("primaryArtist", "text", (c) => c.notNull().defaultTo(""))
      .addColumn("featuredArtists", "text", (c) => c.notNull().defaultTo("[]"))
      .addColumn("genre", "text", (c) => c.notNull().defaultTo(""))
      .addColumn("language", "text", (c) => c.notNull().defaultTo(""))
      .addColumn("releaseDate", "text", (c) => c.notNull().defaultTo(""))
      .addColumn("originalReleaseDate", "text", (c) => c.notNull().defaultTo(""))
      .addColumn("pLine", "text", (c) => c.notNull().defaultTo(""))
      .addColumn("cLine", "text", (c) => c.notNull().defaultTo(""))
      .addColumn("upc", "text", (c) => c.notNull().defaultTo(""))
      .addColumn("artworkFileId", "text")
      .addColumn("acknowledgedWarnings", "text", (c) => c.notNull().defaultTo("[]"))
      .addColumn("createdAt", "bigint", (c) => c.notNull())
      .addColumn("updatedAt", "bigint", (c) => c.notNull())
      .addColumn("submittedAt", "bigint")
      .execute();
    // The artist's newest-first list.
    await db.schema
      .createIndex("release_artist_created_idx")
      .on("release")
      .columns(["artistId", "createdAt desc", "id desc"])
      .execute();

    await db.schema
      .createTable("release_track")
      .addColumn("releaseId", "text", (c) =>
        c.notNull().references("release.id").onDelete("cascade"),
      )
      // Made by the client (a UUID), unique within its release.
      .addColumn("id", "text", (c) => c.notNull())
      .addColumn("position", "integer", (c) => c.notNull())
      .addColumn("title", "text", (c) => c.notNull().defaultTo(""))
      .addColumn("version", "text", (c) => c.notNull().defaultTo(""))
      .addColumn("featuredArtists", "text", (c) => c.notNull().defaultTo("[]"))
      .addColumn("composer", "text", (c) => c.notNull().defaultTo(""))
      .addColumn("lyricist", "text", (c) => c.notNull().defaultTo(""))
      .addColumn("instrumental", "integer", (c) => c.notNull().defaultTo(0))
      .addColumn("producer", "text", (c) => c.notNull().defaultTo(""))
      .addColumn("explicit", "text", (c) => c.notNull().defaultTo(""))
      .addColumn("isrc", "text", (c) => c.notNull().defaultTo(""))
      // The compact ISRC while the release is submitted (or further): the
      // unique index makes it the portal's one claim on that code.
      .addColumn("isrcClaim", "text")
      .addColumn("lyrics", "text", (c) => c.notNull().defaultTo(""))
      .addColumn("audioFileId", "text")
      .addColumn("songId", "text", (c) => c.references("song_request.id").onDelete("set null"))
      .addPrimaryKeyConstraint("release_track_pk", ["releaseId", "id"])
      .execute();
    await db.schema
      .createIndex("release_track_isrc_claim_idx")
      .on("release_track")
      .column("isrcClaim")
      .unique()
      .execute();
    // The file sweeper asks whether a track refers to a file.
    await db.schema
      .createIndex("release_track_audio_idx")
      .on("release_track")
      .column("audioFileId")
      .execute();
    await db.schema
      .createIndex("release_artwork_idx")
      .on("release")
      .column("artworkFileId")
      .execute();

    await createReleaseFileTable(db);
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable("release_file").execute();
    await db.schema.dropTable("release_track").execute();
    await db.schema.dropTable("release").execute();
  },
};

/** What the file check found in each upload of a release. */
async function createReleaseFileTable(db: Kysely<unknown>) {
  await db.schema
    .createTable("release_file")
    .addColumn("fileId", "text", (c) =>
      c.primaryKey().references("stored_file.id").onDelete("cascade"),
    )
    .addColumn("releaseId", "text", (c) => c.notNull())
    .addColumn("trackId", "text")
    .addColumn("purpose", "text", (c) => c.notNull())
    // JSON: the artwork's or the audio's checked details (width, sample rate, warnings...).
    .addColumn("details", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("release_file_release_idx")
    .on("release_file")
    .column("releaseId")
    .execute();
}
