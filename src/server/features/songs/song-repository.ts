import { sql, type ExpressionBuilder, type Kysely, type Selectable } from "kysely";
import {
  SONG_PAGE_SIZE,
  coverFileUrl,
  type DeskSongFilters,
  type SongDetail,
  type SongPage,
  type SongSummary,
  type SongValues,
} from "../../../shared/song-schemas";
import { containsText } from "../../db/contains-text";
import type { Database, SongRequestTable } from "../../db/schema";
import { encodeSongCursor, type SongCursor } from "./song-cursor";

type SongRow = Selectable<SongRequestTable>;
type Db = Kysely<Database>;

const summaryColumns = ["id", "type", "status", "album", "date", "coverFileId"] as const;

export function toSongSummary(row: Pick<SongRow, (typeof summaryColumns)[number]>): SongSummary {
  return {
    id: row.id,
    type: row.type,
    status: row.status,
    album: row.album,
    date: row.date,
    coverUrl: row.coverFileId ? coverFileUrl(row.coverFileId) : null,
  };
}

export function toSongDetail(row: SongRow): SongDetail {
  return {
    ...toSongSummary(row),
    artistId: row.artistId,
    artist: row.artist,
    genre: row.genre,
    duration: row.duration,
    lyrics: row.lyrics,
    link: row.link,
    coverFileId: row.coverFileId,
    spotifyUrl: row.spotifyUrl,
    appleMusicUrl: row.appleMusicUrl,
    youtubeUrl: row.youtubeUrl,
    views: row.views,
  };
}

/**
 * Rows strictly after the cursor in (date desc, id desc) order, as a row-value
 * comparison: SQLite and PostgreSQL both seek the (artistId, date, id) index
 * with it, so a deep page costs what the first one does; the id breaks ties
 * between songs released on the same day.
 */
function afterCursor(cursor: SongCursor) {
  return (eb: ExpressionBuilder<Database, "song_request">) =>
    eb(eb.refTuple("date", "id"), "<", eb.tuple(cursor.date, cursor.id));
}

/** Fetches one more row than the page to learn whether another page exists. */
function toPage<R extends { id: string; date: string }, T>(
  rows: R[],
  limit: number,
  map: (row: R) => T,
): SongPage<T> {
  const hasMore = rows.length > limit;
  const shown = hasMore ? rows.slice(0, limit) : rows;
  const last = shown.at(-1);
  return {
    items: shown.map(map),
    nextCursor: hasMore && last ? encodeSongCursor({ date: last.date, id: last.id }) : null,
  };
}

export async function listArtistSongs(
  db: Db,
  artistId: string,
  cursor: SongCursor | null,
  limit = SONG_PAGE_SIZE,
): Promise<SongPage<SongSummary>> {
  let query = db
    .selectFrom("song_request")
    .select(summaryColumns)
    .where("artistId", "=", artistId)
    .orderBy("date", "desc")
    .orderBy("id", "desc")
    .limit(limit + 1);
  if (cursor) query = query.where(afterCursor(cursor));
  return toPage(await query.execute(), limit, toSongSummary);
}

export async function listDeskSongs(
  db: Db,
  filters: DeskSongFilters,
  cursor: SongCursor | null,
  limit = SONG_PAGE_SIZE,
): Promise<SongPage<SongDetail>> {
  let query = db
    .selectFrom("song_request")
    .selectAll()
    .orderBy("date", "desc")
    .orderBy("id", "desc")
    .limit(limit + 1);
  if (filters.artistId) query = query.where("artistId", "=", filters.artistId);
  if (filters.status) {
    query = query.where(sql<string>`lower(status)`, "=", filters.status.toLowerCase());
  }
  if (filters.q) {
    const text = filters.q;
    query = query.where((eb) =>
      eb.or(
        (["type", "album", "artist"] as const).map((column) => containsText(eb.ref(column), text)),
      ),
    );
  }
  if (cursor) query = query.where(afterCursor(cursor));
  return toPage(await query.execute(), limit, toSongDetail);
}

export async function findSong(db: Db, id: string): Promise<SongRow | undefined> {
  return db.selectFrom("song_request").selectAll().where("id", "=", id).executeTakeFirst();
}

/** One atomic `views = views + 1` on the artist's own song; undefined when it is not theirs. */
export async function recordSongView(
  db: Db,
  id: string,
  artistId: string,
): Promise<SongRow | undefined> {
  return db
    .updateTable("song_request")
    .set((eb) => ({ views: eb("views", "+", 1) }))
    .where("id", "=", id)
    .where("artistId", "=", artistId)
    .returningAll()
    .executeTakeFirst();
}

export async function insertSong(db: Db, values: SongValues, now = Date.now()): Promise<SongRow> {
  return db
    .insertInto("song_request")
    .values({ id: crypto.randomUUID(), ...values, createdAt: now, updatedAt: now })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function updateSong(
  db: Db,
  id: string,
  values: SongValues,
  now = Date.now(),
): Promise<SongRow | undefined> {
  return db
    .updateTable("song_request")
    .set({ ...values, updatedAt: now })
    .where("id", "=", id)
    .returningAll()
    .executeTakeFirst();
}

export async function deleteArtistSongs(db: Db, artistId: string): Promise<void> {
  await db.deleteFrom("song_request").where("artistId", "=", artistId).execute();
}
