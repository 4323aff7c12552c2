import type SQLite from "better-sqlite3";
import type { Kysely } from "kysely";
import type { Database } from "../../db/schema";

/** Rows folded per transaction: about a millisecond of the event loop. */
export const FOLD_CHUNK = 500;
/** How often the server looks for rows to fold while it runs. */
export const FOLD_EVERY_MS = 250;

type FoldChunk = (limit: number) => number;
const foldChunks = new WeakMap<SQLite.Database, FoldChunk>();

/**
 * One transaction: the oldest `limit` pending rows go into the FTS5 index and
 * leave the pending list. Answers how many it folded. Prepared once per
 * connection.
 */
function foldChunkOf(sqlite: SQLite.Database): FoldChunk {
  const known = foldChunks.get(sqlite);
  if (known) return known;
  const lastOfChunk = sqlite.prepare<[number], { last: number | null }>(
    `select max("messageRowid") as last
       from (select "messageRowid" from message_fts_pending order by "messageRowid" limit ?)`,
  );
  const index = sqlite.prepare<[number]>(
    `insert into message_fts(rowid, text)
     select m.rowid, m.text from message_fts_pending p join message m on m.rowid = p."messageRowid"
     where p."messageRowid" <= ?`,
  );
  const forget = sqlite.prepare<[number]>(
    `delete from message_fts_pending where "messageRowid" <= ?`,
  );
  const fold = sqlite.transaction((limit: number) => {
    const last = lastOfChunk.get(limit)?.last;
    if (last === null || last === undefined) return 0;
    index.run(last);
    return forget.run(last).changes;
  });
  foldChunks.set(sqlite, fold);
  return fold;
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
  const fold = foldChunkOf(sqlite);
  let total = 0;
  for (;;) {
    const folded = await db.connection().execute(() => Promise.resolve(fold(chunk)));
    total += folded;
    if (folded < chunk) return total;
    await nextTurn();
  }
}

/**
 * Keeps the index close behind the writes while the server runs: every
 * FOLD_EVERY_MS, whatever is pending is folded. Answers a stop function.
 * A failure (another process holding the file, say) is reported and tried
 * again on the next tick: the pending rows stay until they are folded.
 */
export function keepSearchIndex(
  db: Kysely<Database>,
  sqlite: SQLite.Database,
  onError: (error: unknown) => void,
  everyMs = FOLD_EVERY_MS,
): () => void {
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
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
