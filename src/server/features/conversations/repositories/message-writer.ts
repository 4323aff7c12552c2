import type SQLite from "better-sqlite3";
import type { Kysely } from "kysely";
import type { Database } from "../../../db/schema";
import { insertMessage, type InsertResult, type NewMessage } from ".";
import { prepareMessageInsert } from "./sqlite-message-insert";
import { insertMessageBatch } from "./pg-message-batch";
import { foldAlongWrites } from "./search-index-upkeep";
import { insertMessageMarked } from "./fan-out-marks";
import { SQLITE_NOW_MS_TEXT } from "../../../db/database-clock";

interface Pending {
  input: NewMessage;
  resolve: (result: InsertResult) => void;
  reject: (error: unknown) => void;
}

/** Most sends one commit may carry. */
const MAX_BATCH = 256;

/**
 * Writers side by side on PostgreSQL, each with its own rooms (a room always
 * goes to the same lane, so its seqs stay in order and two lanes never race
 * for one). A commit waits ~5 ms for the WAL flush on this machine; one lane
 * queued every batch behind the previous flush (ack p99 164 ms at 2,000
 * msg/s on two instances); concurrent commits share PostgreSQL's flushes.
 */
export const POSTGRES_WRITER_LANES = 4;

export interface MessageWriterOptions {
  /** Hears each commit's size (tests, and the benchmark's batch figures). */
  onBatch?: (size: number) => void;
  /** Writers side by side (PostgreSQL only: SQLite's commits run on this thread). */
  lanes?: number;
  /**
   * This instance's id: leave a fan-out mark with every message created, in
   * the same commit (decision 094: the portal runs with Redis). One statement per batch.
   */
  markFanOut?: string;
}

/** The lane of a room: a cheap string hash, stable for the process's life. */
export function laneOf(roomId: string, lanes: number): number {
  let hash = 0;
  for (let i = 0; i < roomId.length; i++) hash = (hash * 31 + roomId.charCodeAt(i)) | 0;
  return Math.abs(hash) % lanes;
}

/**
 * Stores messages one writer at a time, committing whatever queued up
 * meanwhile in ONE transaction (group commit). The first send of a quiet
 * moment waits for the end of the event loop's turn (setImmediate), so the
 * sends that arrive on other sockets in the same turn share its commit:
 * starting at once committed every message alone at 2,000 msg/s (one
 * FULL-synchronous commit each, ack p99 0.7 s; gathered: 27 ms).
 *
 * Why: Kysely's SQLite driver guards its connection with a mutex that wakes
 * every waiter on each release, so hundreds of concurrent sends cost O(n²)
 * wake-ups (measured 650 inserts/s with 10,000 waiting, 3,300/s one by one);
 * and each autocommit writes its own WAL frames. One writer with batches
 * avoids both. A batch that fails (a PostgreSQL seq race aborts its
 * transaction) is replayed message by message, so one bad send never sinks
 * the others.
 *
 * With the raw SQLite connection, a batch runs as prepared statements in one
 * synchronous transaction, under Kysely's connection lock so no Kysely
 * transaction can be open on it meanwhile; every FOLD_CHUNK messages, the
 * batch also folds the search index's pending rows (decision 085). On PostgreSQL a batch is one
 * statement, one round trip (pg-message-batch.ts), and rooms are spread over
 * POSTGRES_WRITER_LANES writers. With `markFanOut`, each commit also marks
 * its new messages for the durable fan-out (decision 094): inside the same
 * PostgreSQL statement, or one more prepared statement in SQLite's transaction.
 */
export function createMessageWriter(
  db: Kysely<Database>,
  sqlite?: SQLite.Database,
  options: MessageWriterOptions = {},
) {
  const markFanOut = options.markFanOut;
  const prepared = sqlite ? prepareMessageInsert(sqlite) : undefined;
  const foldSearchIndex = sqlite ? foldAlongWrites(sqlite) : undefined;
  const mark = sqlite && markFanOut ? prepareMarks(sqlite, markFanOut) : undefined;
  const commitPrepared =
    sqlite && prepared
      ? sqlite.transaction((inputs: NewMessage[]) => {
          const results = inputs.map((input) => prepared(input));
          mark?.(inputs.filter((_, i) => results[i]!.outcome === "created").map((i) => i.id));
          foldSearchIndex?.(inputs.length);
          return results;
        })
      : undefined;
  const insertPreparedOne =
    sqlite && prepared
      ? sqlite.transaction((input: NewMessage) => {
          const result = prepared(input);
          if (result.outcome === "created") mark?.([input.id]);
          return result;
        })
      : undefined;

  const commitBatch = (batch: Pending[]): Promise<InsertResult[]> =>
    commitPrepared
      ? db.connection().execute(() => Promise.resolve(commitPrepared(batch.map((i) => i.input))))
      : insertMessageBatch(
          db,
          batch.map((item) => item.input),
          markFanOut,
        );
  const insertOne = (input: NewMessage): Promise<InsertResult> =>
    insertPreparedOne
      ? db.connection().execute(() => Promise.resolve(insertPreparedOne(input)))
      : markFanOut
        ? insertMessageMarked(db, { dialect: "postgres", instanceId: markFanOut }, input)
        : insertMessage(db, input);

  /** One writer: a queue committed batch after batch, gathered per turn. */
  function createLane() {
    const queue: Pending[] = [];
    let draining = false;
    async function drain() {
      while (queue.length > 0) {
        const batch = queue.splice(0, MAX_BATCH);
        options.onBatch?.(batch.length);
        try {
          const results = await commitBatch(batch);
          batch.forEach((item, i) => item.resolve(results[i]!));
        } catch {
          for (const item of batch) {
            await insertOne(item.input).then(item.resolve, item.reject);
          }
        }
      }
      draining = false;
    }
    return (pending: Pending) => {
      queue.push(pending);
      if (!draining) {
        draining = true;
        setImmediate(() => void drain());
      }
    };
  }

  const laneCount = sqlite ? 1 : (options.lanes ?? POSTGRES_WRITER_LANES);
  const lanes = Array.from({ length: laneCount }, createLane);
  return function write(input: NewMessage): Promise<InsertResult> {
    return new Promise((resolve, reject) => {
      lanes[laneCount === 1 ? 0 : laneOf(input.roomId, laneCount)]!({ input, resolve, reject });
    });
  };
}

/** SQLite: marks a commit's new messages in one statement (the ids as one JSON array). */
function prepareMarks(sqlite: SQLite.Database, instanceId: string): (ids: string[]) => void {
  const insert = sqlite.prepare<[string, string]>(
    `insert into fan_out_pending ("messageId", "instanceId", "markedAt")
     select value, ?, ${SQLITE_NOW_MS_TEXT} from json_each(?)`,
  );
  return (ids) => {
    if (ids.length > 0) insert.run(instanceId, JSON.stringify(ids));
  };
}
