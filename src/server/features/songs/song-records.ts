import type { Kysely, Selectable } from "kysely";
import type { SongRecord } from "../../../shared/song-schemas";
import type { Database, SongRequestTable } from "../../db/schema";
import { HttpError } from "../../http/errors";
import { listDailyViews, listStatusEvents } from "./song-history-repository";
import { toSongDetail } from "./song-repository";

export const SONG_NOT_FOUND_MESSAGE = "Song not found";

export function songNotFound(): HttpError {
  return new HttpError(404, SONG_NOT_FOUND_MESSAGE, undefined, "NOT_FOUND");
}

/**
 * The detail screens' answer: the song, its status timeline and the 30 days
 * of views ending on `now`'s UTC day.
 */
export async function toSongRecord(
  db: Kysely<Database>,
  row: Selectable<SongRequestTable>,
  now = Date.now(),
): Promise<SongRecord> {
  const [history, dailyViews] = await Promise.all([
    listStatusEvents(db, row.id),
    listDailyViews(db, row.id, now),
  ]);
  return { ...toSongDetail(row), history, dailyViews };
}
