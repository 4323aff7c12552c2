import type { Transaction } from "kysely";
import type { Database } from "../../../db/schema";
import type { RejectionReason } from "../../../../shared/song-rejection";
import { recordStatusChangeIn, type SongFields } from "../../songs/song-service";

type Trx = Transaction<Database>;

/**
 * What a release's review does to its tracks' songs (decision 099): their
 * status follows the release's state, each change with its line in the
 * song's history (a rejection with its reason and note, as the song desk
 * writes it). No `song.statusChanged` is emitted: the artist gets one
 * email per release step, never one per song.
 */
export async function setSongStatuses(
  trx: Trx,
  songIds: readonly string[],
  status: string,
  change: {
    agent: { id: string; name: string };
    reasonCode?: RejectionReason | null;
    note?: string;
    at: number;
  },
): Promise<string[]> {
  if (songIds.length === 0) return [];
  const songs = await trx
    .selectFrom("song_request")
    .select(["id", "status"])
    .where("id", "in", songIds)
    .execute();
  const changed: string[] = [];
  for (const song of songs) {
    if (song.status === status) continue;
    await trx
      .updateTable("song_request")
      .set((eb) => ({
        status,
        statusUnseen: 1,
        updatedAt: change.at,
        version: eb("version", "+", 1),
      }))
      .where("id", "=", song.id)
      .execute();
    await recordStatusChangeIn(trx, {
      songId: song.id,
      fromStatus: song.status,
      toStatus: status,
      reasonCode: status === "rejected" ? (change.reasonCode ?? null) : null,
      note: change.note ?? "",
      agentId: change.agent.id,
      agentName: change.agent.name,
      at: change.at,
    });
    changed.push(song.id);
  }
  return changed;
}

/** A Spotify, Apple Music or YouTube Music link of the release fills each song's own. */
export async function fillSongLinks(
  trx: Trx,
  songIds: readonly string[],
  links: { spotifyUrl?: string; appleMusicUrl?: string; youtubeUrl?: string },
  at: number,
): Promise<string[]> {
  if (songIds.length === 0 || Object.keys(links).length === 0) return [];
  await trx
    .updateTable("song_request")
    .set((eb) => ({ ...links, updatedAt: at, version: eb("version", "+", 1) }))
    .where("id", "in", songIds)
    .execute();
  return [...songIds];
}

/**
 * A resubmitted track's song keeps its id: its fields become the track's
 * again and it waits as pending, as a new submission would.
 */
export async function refreshSongOfTrack(
  trx: Trx,
  songId: string,
  fields: SongFields,
  at: number,
): Promise<boolean> {
  // The song's own links (filled when the release went live) are left as they are.
  const rest = {
    type: fields.type,
    artist: fields.artist,
    album: fields.album,
    genre: fields.genre,
    date: fields.date,
    duration: fields.duration,
    lyrics: fields.lyrics,
    link: fields.link,
    coverFileId: fields.coverFileId,
  };
  const row = await trx
    .updateTable("song_request")
    .set((eb) => ({
      ...rest,
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
