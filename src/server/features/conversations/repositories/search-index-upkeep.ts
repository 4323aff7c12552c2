import type SQLite from "better-sqlite3";
import type { Kysely } from "kysely";
import type { Database } from "../../../db/schema";

/**
 * Rows folded at a time: ~7 µs each at this size (64 cost 20 µs: every
 * chunk writes an FTS5 segment), so a chunk is under 2 ms of CPU.
 */
export const FOLD_CHUNK = 256;
/** How often the server looks for rows to fold that no writer batch took along. */
export const FOLD_EVERY_MS = 250;

/**
 * A chunk's pending rows (those up to `?`) into the index, with their text.
 * `cross join` keeps the pending list the outer loop: with a plain join,
 * SQLite's planner carried `<= ?` over to the message table and walked every
 * message up to the chunk's end, so a fold cost grew with all the messages
 * ever stored (8 µs a row at 50,000 messages, 96 µs at 300,000; after a
 * busy minute of chat, a third of the server's time: issue 48).
 */
export const FOLD_INDEX_SQL = `insert into message_fts(rowid, text)
  select m.rowid, m.text from message_fts_pending p cross join message m on m.rowid = p."messageRowid"
  where p."messageRowid" <= ?`;

/** One connection's folding: the prepared chunk, and when it last ran. */
interface Folder {
  /**
   * The oldest `limit` pending rows go into the FTS5 index and leave the
   * pending list, in one transaction (a savepoint inside an open one).
   * Answers how many it folded.
   */
  foldChunk: (limit: number) => number;
  lastFoldAt: number;
}
const folders = new WeakMap<SQLite.Database, Folder>();

function folderOf(sqlite: SQLite.Database): Folder {
  const known = folders.get(sqlite);
  if (known) return known;
  const lastOfChunk = sqlite.prepare<[number], { last: number | null }>(
    `select max("messageRowid") as last
       from (select "messageRowid" from message_fts_pending order by "messageRowid" limit ?)`,
  );
  const index = sqlite.prepare<[number]>(FOLD_INDEX_SQL);
  const forget = sqlite.prepare<[number]>(
    `delete from message_fts_pending where "messageRowid" <= ?`,
  );
  const folder: Folder = {
    foldChunk: sqlite.transaction((limit: number) => {
      folder.lastFoldAt = Date.now();
      const last = lastOfChunk.get(limit)?.last;
      if (last === null || last === undefined) return 0;
      index.run(last);
      return forget.run(last).changes;
    }),
    lastFoldAt: 0,
  };
  folders.set(sqlite, folder);
  return folder;
}

/**
 * For the message writer: folds a chunk inside the batch transaction it is
 * committing, once every FOLD_CHUNK messages, so the fold shares the batch's
 * commit (a FULL commit of its own blocks the event loop for milliseconds on
 * this disk). Never throws: a failed fold is undone to its savepoint, and the
 * background upkeep tries again.
 */
export function foldAlongWrites(sqlite: SQLite.Database): (written: number) => void {
  const folder = folderOf(sqlite);
  let sinceFold = 0;
  return (written) => {
    sinceFold += written;
    if (sinceFold < FOLD_CHUNK) return;
    sinceFold = 0;
    try {
      folder.foldChunk(2 * FOLD_CHUNK);
    } catch {
      // Left pending; keepSearchIndex folds it.
    }
  };
}

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Folds every row committed so far into the search index (SQLite), a chunk
 * per transaction under Kysely's connection lock, yielding to the event loop
 * between chunks so sends are not held up. A search calls it first, so it
 * always sees every message acknowledged before it. Answers how many rows
 * it folded.
 */
export async function catchUpSearchIndex(
  db: Kysely<Database>,
  sqlite: SQLite.Database,
  chunk = FOLD_CHUNK,
): Promise<number> {
  const { foldChunk } = folderOf(sqlite);
  let total = 0;
  for (;;) {
    const folded = await db.connection().execute(() => Promise.resolve(foldChunk(chunk)));
    total += folded;
    if (folded < chunk) return total;
    await nextTurn();
  }
}

/**
 * Folds what the writer's batches did not take along (a quiet moment's last
 * messages, notes and lines stored outside the writer, another process's
 * rows): every FOLD_EVERY_MS, unless a fold ran meanwhile. Answers a stop
 * function. A failure (another process holding the file, say) is reported
 * and tried again on the next tick: the pending rows stay until folded.
 */
export function keepSearchIndex(
  db: Kysely<Database>,
  sqlite: SQLite.Database,
  onError: (error: unknown) => void,
  everyMs = FOLD_EVERY_MS,
): () => void {
  const folder = folderOf(sqlite);
  let running = false;
  const timer = setInterval(() => {
    if (running || Date.now() - folder.lastFoldAt < everyMs) return;
    running = true;
    catchUpSearchIndex(db, sqlite)
      .catch(onError)
      .finally(() => {
        running = false;
      });
  }, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
