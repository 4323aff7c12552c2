import type { Kysely } from "kysely";
import type { Database } from "../../db/schema";
import type { SongFields } from "./song-repository";

type Db = Kysely<Database>;

/** The links a live release fills on its songs (the spec's three "Listen On"). */
export interface SongLinks {
  spotifyUrl?: string;
  appleMusicUrl?: string;
  youtubeUrl?: string;
}

/** Each song's current status and artist, by id. */
export async function findStatuses(
  db: Db,
  songIds: readonly string[],
): Promise<{ id: string; status: string; artistId: string }[]> {
  if (songIds.length === 0) return [];
  return db
    .selectFrom("song_request")
    .select(["id", "status", "artistId"])
    .where("id", "in", songIds)
    .execute();
}

/** One statement for all the songs: a new status, shown to the artist as unseen. */
export async function updateStatuses(
  db: Db,
  songIds: readonly string[],
  status: string,
  at: number,
): Promise<void> {
  if (songIds.length === 0) return;
  await db
    .updateTable("song_request")
    .set((eb) => ({ status, statusUnseen: 1, updatedAt: at, version: eb("version", "+", 1) }))
    .where("id", "in", songIds)
    .execute();
}

export async function updateLinks(
  db: Db,
  songIds: readonly string[],
  links: SongLinks,
  at: number,
): Promise<void> {
  await db
    .updateTable("song_request")
    .set((eb) => ({ ...links, updatedAt: at, version: eb("version", "+", 1) }))
    .where("id", "in", songIds)
    .execute();
}

/**
 * A resubmitted track's fields and status, on the artist's own song; the
 * song's links (filled when its release went live) stay. False when the
 * song is gone or not the artist's.
 */
export async function updateFieldsOfTrack(
  db: Db,
  songId: string,
  fields: SongFields,
  at: number,
): Promise<boolean> {
  const row = await db
    .updateTable("song_request")
    .set((eb) => ({
      type: fields.type,
      artist: fields.artist,
      album: fields.album,
      genre: fields.genre,
      date: fields.date,
      duration: fields.duration,
      lyrics: fields.lyrics,
      link: fields.link,
      coverFileId: fields.coverFileId,
      status: fields.status.trim().toLowerCase(),
      updatedAt: at,
      version: eb("version", "+", 1),
    }))
    .where("id", "=", songId)
    .where("artistId", "=", fields.artistId)
    .returning("id")
    .executeTakeFirst();
  return row !== undefined;
}

/** True when one of the songs has left "pending" (an agent has started on it). */
export async function anyPastPending(db: Db, songIds: readonly string[]): Promise<boolean> {
  if (songIds.length === 0) return false;
  const row = await db
    .selectFrom("song_request")
    .select("id")
    .where("id", "in", songIds)
    .where("status", "!=", "pending")
    .executeTakeFirst();
  return row !== undefined;
}

/** Deletes the artist's own songs among `songIds` (never another artist's). */
export async function deleteArtistSongsById(
  db: Db,
  artistId: string,
  songIds: readonly string[],
): Promise<void> {
  if (songIds.length === 0) return;
  await db
    .deleteFrom("song_request")
    .where("id", "in", songIds)
    .where("artistId", "=", artistId)
    .execute();
}

/** The release a song is a track of (decision 104: the release owns its facts), if any. */
export async function releaseOwningSong(
  db: Db,
  songId: string,
): Promise<{ id: string; title: string; state: string } | undefined> {
  return db
    .selectFrom("release_track")
    .innerJoin("release", "release.id", "release_track.releaseId")
    .select(["release.id as id", "release.title as title", "release.state as state"])
    .where("release_track.songId", "=", songId)
    .executeTakeFirst();
}
