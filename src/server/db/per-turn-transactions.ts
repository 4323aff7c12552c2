import type { Kysely } from "kysely";
import { perTurnBatches, type PerTurnBatchOptions } from "./per-turn-batches";

/**
 * Group commit for independent writes of one kind: the writes asked for in
 * one event-loop turn are made together, in one transaction, by a writer
 * that takes them all at once (a few set-based statements, whatever their
 * number). A burst then pays one BEGIN and one COMMIT (one fsync on SQLite)
 * and, on PostgreSQL, takes the rows every write moves (a shared ledger
 * account) once, instead of queueing transactions that each hold them to
 * their commit. When the batch fails (a refusal, a repeated key), it is
 * rolled back and each write is made again alone, in a transaction of its
 * own, so a failure reaches only its own caller. The writer answers one
 * result per item, in order.
 */
export function perTurnTransactions<DB, I, O>(
  db: Kysely<DB>,
  writeAll: (trx: Kysely<DB>, items: I[]) => Promise<O[]>,
  options: PerTurnBatchOptions = {},
): (item: I) => Promise<O> {
  const commit = (items: I[]) => db.transaction().execute((trx) => writeAll(trx, items));
  return perTurnBatches<I, O>(commit, async (item) => (await commit([item]))[0]!, options);
}
