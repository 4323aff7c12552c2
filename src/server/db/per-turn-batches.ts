/** Most calls one batch may carry. */
const MAX_BATCH = 256;

export interface PerTurnBatchOptions {
  /**
   * Batches that may commit at once (default 1). Above 1, a batch leaves
   * while the one before it still commits, so the calls that arrived
   * meanwhile do not wait a whole commit before theirs begins; worth it
   * only where the writer takes its shared rows last (PostgreSQL's row
   * locks then serialize just the end of each transaction).
   */
  inFlight?: number;
}

/**
 * Group commit for small writes: the calls made in one event-loop turn are
 * committed together. The first call of a quiet moment waits for the end of
 * the turn (setImmediate), so calls read from other connections in the same
 * turn join it; calls made while the batches in flight commit queue for the
 * next one. Each call resolves after its batch's commit, so it is as durable
 * as a write of its own: on SQLite (synchronous=FULL) a commit is an fsync,
 * and a commit per call was the whole cost of a burst of small writes. A
 * batch that fails is replayed call by call, so one bad call never sinks the
 * others. The chat's message writer (decision 084) works the same way with
 * its own prepared statements and lanes.
 */
export function perTurnBatches<I, O>(
  commitBatch: (items: I[]) => Promise<O[]>,
  commitOne: (item: I) => Promise<O>,
  options: PerTurnBatchOptions = {},
): (item: I) => Promise<O> {
  interface Pending {
    item: I;
    resolve: (result: O) => void;
    reject: (error: unknown) => void;
  }
  const maxInFlight = Math.max(1, options.inFlight ?? 1);
  const queue: Pending[] = [];
  let inFlight = 0;
  // A batch is about to leave (at the end of the current turn).
  let leaving = false;

  async function commit(batch: Pending[]) {
    try {
      const results = await commitBatch(batch.map((p) => p.item));
      batch.forEach((p, i) => p.resolve(results[i]!));
    } catch {
      // Through a promise, so even a writer that throws at once fails only its own call.
      for (const p of batch) {
        await Promise.resolve()
          .then(() => commitOne(p.item))
          .then(p.resolve, p.reject);
      }
    }
  }

  function leave() {
    leaving = false;
    const batch = queue.splice(0, MAX_BATCH);
    inFlight++;
    schedule();
    void commit(batch).finally(() => {
      inFlight--;
      schedule();
    });
  }

  function schedule() {
    if (leaving || inFlight >= maxInFlight || queue.length === 0) return;
    leaving = true;
    setImmediate(leave);
  }

  return (item) =>
    new Promise<O>((resolve, reject) => {
      queue.push({ item, resolve, reject });
      schedule();
    });
}
