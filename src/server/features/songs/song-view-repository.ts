import type { Kysely, Selectable, Transaction } from "kysely";
import type { Database, SongRequestTable } from "../../db/schema";
import { compiledQueryCache } from "../../db/compiled-query-cache";
import type { MigrationDialect } from "../../db/dialect-types";
import { relaxedCommitTransaction } from "../../db/relaxed-commit";
import { addDailyView, utcDay } from "./song-history-repository";

/*
 * Opening a song counts a view: its total, its day's count, and the status
 * notice marked seen, together.
 */

type Db = Kysely<Database>;
type SongRow = Selectable<SongRequestTable>;
/** A view's two updates, compiled once per database: building them was a tenth of a view's time. */
const hotQuery = compiledQueryCache<Database>();

/** What opening a song did: its row after the view, and the counts it left. */
export interface RecordedView {
  row: SongRow;
  /** The open cleared a status notice (the artist's list pages change). */
  sawNotice: boolean;
  /** The UTC day the view counts on, and that day's count after it. */
  day: string;
  dayViews: number;
}

/** One opening of the artist's own song, as recordSongViews takes it. */
export interface SongView {
  id: string;
  artistId: string;
  now: number;
}

/**
 * Opening the artist's own song: one atomic `views = views + 1`, the day's
 * count raised with it, and the status notice marked seen, inside `trx`.
 * Undefined when the song is not theirs.
 */
async function recordViewIn(
  trx: Transaction<Database>,
  { id, artistId, now }: SongView,
): Promise<RecordedView | undefined> {
  // Whether this open cleared a status notice (the artist's cached list pages change then).
  const cleared = await hotQuery.affected(
    trx,
    "song-view-notice-seen",
    (slot) =>
      trx
        .updateTable("song_request")
        .set({ statusUnseen: 0 })
        .where("id", "=", slot("id"))
        .where("artistId", "=", slot("artistId"))
        .where("statusUnseen", "=", 1),
    { id, artistId },
  );
  const [row] = await hotQuery(
    trx,
    "song-view-count",
    (slot) =>
      trx
        .updateTable("song_request")
        .set((eb) => ({ views: eb("views", "+", 1) }))
        .where("id", "=", slot("id"))
        .where("artistId", "=", slot("artistId"))
        .returningAll(),
    { id, artistId },
  );
  if (!row) return undefined;
  const day = utcDay(now);
  const dayViews = await addDailyView(trx, id, day);
  return { row, sawNotice: cleared > 0, day, dayViews };
}

/*
 * A view is a counter: its commit does not wait for the disk (decision 132,
 * relaxed-commit.ts). A power cut may lose the last moment's views, never
 * the song or the database's consistency.
 */

/** One view in a transaction of its own. */
export function recordSongView(
  db: Db,
  dialect: MigrationDialect,
  view: SongView,
): Promise<RecordedView | undefined> {
  return relaxedCommitTransaction(db, dialect, (trx) => recordViewIn(trx, view));
}

/**
 * Several views in ONE transaction (one commit: see per-turn-batches.ts),
 * each as recordSongView would record it, in order: two views of one song
 * answer consecutive counts.
 */
export function recordSongViews(
  db: Db,
  dialect: MigrationDialect,
  views: readonly SongView[],
): Promise<(RecordedView | undefined)[]> {
  return relaxedCommitTransaction(db, dialect, async (trx) => {
    const recorded: (RecordedView | undefined)[] = [];
    for (const view of views) recorded.push(await recordViewIn(trx, view));
    return recorded;
  });
}
