import type { Kysely } from "kysely";
import type { RejectionReason } from "../../../shared/song-status";
import type { Database } from "../../db/schema";
import { insertStatusEvents } from "./song-history-repository";
import { insertSong, type SongFields } from "./song-repository";
import {
  anyPastPending,
  deleteArtistSongsById,
  findStatuses,
  updateFieldsOfTrack,
  updateLinks,
  updateStatuses,
  type SongLinks,
} from "./release-song-repository";

export type { SongLinks } from "./release-song-repository";

type Db = Kysely<Database>;

/** Who moved the songs: an agent, or the artist (agentId null) resubmitting. */
export interface SongMover {
  agentId: string | null;
  name: string;
}

/*
 * What a release does to its tracks' songs (decision 099), always inside the
 * release's own transaction (`db` is it). Every status change writes its line
 * in the song's history, as the song desk does; no `song.statusChanged` is
 * emitted: the artist gets one email per release step, never one per song.
 */

/** A submitted track becomes a pending song, with the first line of its history. */
export async function createSongOfTrack(
  db: Db,
  fields: SongFields,
  by: SongMover,
  at: number,
): Promise<string> {
  const row = await insertSong(db, fields, at);
  await insertStatusEvents(db, [
    {
      songId: row.id,
      fromStatus: null,
      toStatus: row.status,
      reasonCode: null,
      note: "",
      agentId: by.agentId,
      agentName: by.name,
      at,
    },
  ]);
  return row.id;
}

/**
 * A resubmitted track keeps its song (id, views, links): its fields become
 * the track's again and its status pending, with a history line when that
 * moves it. False when the song is gone or not the artist's.
 */
export async function refreshSongOfTrack(
  db: Db,
  songId: string,
  fields: SongFields,
  by: SongMover,
  at: number,
): Promise<boolean> {
  const [before] = await findStatuses(db, [songId]);
  if (!(await updateFieldsOfTrack(db, songId, fields, at)) || !before) return false;
  const status = fields.status.trim().toLowerCase();
  if (before.status !== status) {
    await insertStatusEvents(db, [
      {
        songId,
        fromStatus: before.status,
        toStatus: status,
        reasonCode: null,
        note: "",
        agentId: by.agentId,
        agentName: by.name,
        at,
      },
    ]);
  }
  return true;
}

/**
 * The songs' status follows their release's state: the ones not there yet
 * move in one statement, each with its history line (a rejection with the
 * release's reason and note). Answers the ids that moved.
 */
export async function setStatusesOfRelease(
  db: Db,
  songIds: readonly string[],
  status: string,
  change: { by: SongMover; reasonCode?: RejectionReason | null; note?: string; at: number },
): Promise<string[]> {
  const moving = (await findStatuses(db, songIds)).filter((song) => song.status !== status);
  const ids = moving.map((song) => song.id);
  await updateStatuses(db, ids, status, change.at);
  await insertStatusEvents(
    db,
    moving.map((song) => ({
      songId: song.id,
      fromStatus: song.status,
      toStatus: status,
      reasonCode: status === "rejected" ? (change.reasonCode ?? null) : null,
      note: change.note ?? "",
      agentId: change.by.agentId,
      agentName: change.by.name,
      at: change.at,
    })),
  );
  return ids;
}

/** A live release's Spotify, Apple Music or YouTube Music link fills each song's own. */
export async function fillLinksOfRelease(
  db: Db,
  songIds: readonly string[],
  links: SongLinks,
  at: number,
): Promise<string[]> {
  if (songIds.length === 0 || Object.keys(links).length === 0) return [];
  await updateLinks(db, songIds, links, at);
  return [...songIds];
}

/** True when an agent has started on one of a release's songs (withdrawing is too late). */
export function reviewStartedOnSongs(db: Db, songIds: readonly string[]): Promise<boolean> {
  return anyPastPending(db, songIds);
}

/** A withdrawn release's songs, or a track removed from a resubmitted one, go. */
export function deleteSongsOfTracks(
  db: Db,
  artistId: string,
  songIds: readonly string[],
): Promise<void> {
  return deleteArtistSongsById(db, artistId, songIds);
}
