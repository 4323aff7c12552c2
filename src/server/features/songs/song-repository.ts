import { sql, type ExpressionBuilder, type Kysely, type Selectable } from "kysely";
import {
  SONG_PAGE_SIZE,
  coverFileUrl,
  type DeskSongFilters,
  songStatusKind,
  type SongCounts,
  type SongDetail,
  type SongListFilters,
  type SongPage,
  type SongSummary,
  type SongValues,
} from "../../../shared/song-schemas";
import { compiledQueryCache } from "../../db/compiled-query-cache";
import { containsText } from "../../db/contains-text";
import type { Database, SongRequestTable } from "../../db/schema";
import { encodeSongCursor, type SongCursor } from "./song-cursor";

type SongRow = Selectable<SongRequestTable>;
type Db = Kysely<Database>;
/** The artist's list and the detail are the hottest reads: compiled once per database. */
const hotQuery = compiledQueryCache<Database>();

const summaryColumns = [
  "id",
  "type",
  "status",
  "album",
  "date",
  "coverFileId",
  "statusUnseen",
  "createdAt",
] as const;

export function toSongSummary(row: Pick<SongRow, (typeof summaryColumns)[number]>): SongSummary {
  return {
    id: row.id,
    type: row.type,
    status: row.status,
    album: row.album,
    date: row.date,
    coverUrl: row.coverFileId ? coverFileUrl(row.coverFileId) : null,
    unseen: Boolean(row.statusUnseen),
    createdAt: row.createdAt,
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
    version: row.version,
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

/**
 * One artist's songs, newest first, optionally one status and a title search.
 * The status filter seeks the (artistId, status, date, id) index, so a deep
 * filtered page costs what the first one does.
 */
export async function listArtistSongs(
  db: Db,
  artistId: string,
  filters: SongListFilters,
  cursor: SongCursor | null,
  limit = SONG_PAGE_SIZE,
): Promise<SongPage<SongSummary>> {
  // A title search is compiled each time (its pattern is derived from the
  // text); the plain and status-filtered lists are the hot ones.
  if (filters.q) {
    const text = filters.q;
    let query = db
      .selectFrom("song_request")
      .select(summaryColumns)
      .where("artistId", "=", artistId)
      .where((eb) => containsText(eb.ref("type"), text))
      .orderBy("date", "desc")
      .orderBy("id", "desc")
      .limit(limit + 1);
    if (filters.status) query = query.where("status", "=", filters.status);
    if (cursor) query = query.where(afterCursor(cursor));
    return toPage(await query.execute(), limit, toSongSummary);
  }
  const { status } = filters;
  const rows = await hotQuery(
    db,
    `artist-songs:${cursor ? "after" : "first"}:${status ? "status" : "all"}:${limit}`,
    (slot) => {
      let query = db
        .selectFrom("song_request")
        .select(summaryColumns)
        .where("artistId", "=", slot("artistId"))
        .orderBy("date", "desc")
        .orderBy("id", "desc")
        .limit(limit + 1);
      if (status) query = query.where("status", "=", slot("status"));
      if (cursor) query = query.where(afterCursor({ date: slot("date"), id: slot("id") }));
      return query;
    },
    { artistId, status, date: cursor?.date, id: cursor?.id },
  );
  return toPage(rows, limit, toSongSummary);
}

/** Counts per status filter in one grouped statement (with the title search applied). */
export async function countArtistSongs(db: Db, artistId: string, q?: string): Promise<SongCounts> {
  let query = db
    .selectFrom("song_request")
    .select((eb) => ["status", eb.fn.countAll<number | string>().as("n")])
    .where("artistId", "=", artistId)
    .groupBy("status");
  if (q) query = query.where((eb) => containsText(eb.ref("type"), q));
  const counts: SongCounts = { all: 0, pending: 0, "in review": 0, released: 0, rejected: 0 };
  for (const row of await query.execute()) {
    const n = Number(row.n);
    counts.all += n;
    const kind = songStatusKind(row.status);
    if (kind !== "other") counts[kind] += n;
  }
  return counts;
}

/** Ids of the artist's songs whose status changed since they last opened them. */
export async function listUnseenSongIds(db: Db, artistId: string): Promise<string[]> {
  const rows = await db
    .selectFrom("song_request")
    .select("id")
    .where("artistId", "=", artistId)
    .where("statusUnseen", "=", 1)
    .execute();
  return rows.map((row) => row.id);
}

/** An artist's songs for the agent's profile pane, newest first. */
export async function listSongsOfArtist(
  db: Db,
  artistId: string,
  limit = 50,
): Promise<SongSummary[]> {
  const rows = await db
    .selectFrom("song_request")
    .select(summaryColumns)
    .where("artistId", "=", artistId)
    .orderBy("date", "desc")
    .orderBy("id", "desc")
    .limit(limit)
    .execute();
  return rows.map(toSongSummary);
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
  const rows = await hotQuery(
    db,
    "song-by-id",
    (slot) => db.selectFrom("song_request").selectAll().where("id", "=", slot("id")),
    { id },
  );
  return rows[0];
}

/** A song's stored fields; seeds and old rows may hold statuses outside the known three. */
export type SongFields = Omit<SongValues, "status"> & { status: string };

/** Stored statuses are lower-case so filters compare exact values (seeds may pass any case). */
const normalized = (values: SongFields) => ({
  ...values,
  status: values.status.trim().toLowerCase(),
});

export async function insertSong(db: Db, values: SongFields, now = Date.now()): Promise<SongRow> {
  return db
    .insertInto("song_request")
    .values({ id: crypto.randomUUID(), ...normalized(values), createdAt: now, updatedAt: now })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/**
 * Writes the fields only if the song is still at `version` (optimistic
 * concurrency); undefined when it is missing or another save came first.
 */
export async function updateSong(
  db: Db,
  id: string,
  version: number,
  values: SongFields,
  options: { statusChanged: boolean },
  now = Date.now(),
): Promise<SongRow | undefined> {
  return db
    .updateTable("song_request")
    .set((eb) => ({
      ...normalized(values),
      updatedAt: now,
      version: eb("version", "+", 1),
      ...(options.statusChanged ? { statusUnseen: 1 } : {}),
    }))
    .where("id", "=", id)
    .where("version", "=", version)
    .returningAll()
    .executeTakeFirst();
}

/** Which of these files a song shows as its cover. */
export async function coversAmong(db: Db, fileIds: readonly string[]): Promise<string[]> {
  const rows = await db
    .selectFrom("song_request")
    .select("coverFileId")
    .distinct()
    .where("coverFileId", "in", fileIds)
    .execute();
  return rows.flatMap((row) => (row.coverFileId ? [row.coverFileId] : []));
}

export async function deleteArtistSongs(db: Db, artistId: string): Promise<void> {
  await db.deleteFrom("song_request").where("artistId", "=", artistId).execute();
}
