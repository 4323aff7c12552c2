import type { Kysely } from "kysely";
import type { Database } from "../db/schema";
import { insertSong, type SongFields } from "../features/songs/song-repository";

/** A valid song for `artistId` (every field of the desk form), for tests to vary. */
export function songValues(artistId: string, overrides: Record<string, unknown> = {}) {
  return {
    artistId,
    type: "Single",
    status: "pending",
    artist: "Test Artist",
    album: "",
    genre: "",
    date: "2024-01-01",
    duration: "",
    lyrics: "",
    link: "",
    coverFileId: null,
    spotifyUrl: "",
    appleMusicUrl: "",
    youtubeUrl: "",
    ...overrides,
  };
}

/** Inserts a song request (the desk form's fields, varied by `overrides`); answers its id. */
export async function insertTestSong(
  db: Kysely<Database>,
  artistId: string,
  overrides: Partial<SongFields>,
  now = Date.now(),
): Promise<string> {
  const song = await insertSong(db, { ...songValues(artistId), ...overrides }, now);
  return song.id;
}
