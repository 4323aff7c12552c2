import type { WritesOnTheWay } from "./writes-on-the-way";

/** Most calls one batch may carry. */
const MAX_BATCH = 256;

/**
 * Group commit for small writes: the calls made in one event-loop turn are
 * committed together. The first call of a quiet moment waits for the end of
 * the turn (setImmediate), so calls read from other connections in the same
 * turn join it; calls made while a batch commits queue for the next one.
 * Each call resolves after its batch's commit, so it is as durable as a
 * write of its own: on SQLite (synchronous=FULL) a commit is an fsync, and a
 * commit per call was the whole cost of a burst of small writes. A batch
 * that fails is replayed call by call, so one bad call never sinks the
 * others. The chat's message writer (decision 084) works the same way with
 * its own prepared statements and lanes. Given the writes on their way
 * (callers still reading), a batch waits for them before it leaves.
 */
export function perTurnBatches<I, O>(
  commitBatch: (items: I[]) => Promise<O[]>,
  commitOne: (item: I) => Promise<O>,
  options: { onTheWay?: WritesOnTheWay } = {},
): (item: I) => Promise<O> {
  interface Pending {
    item: I;
    resolve: (result: O) => void;
    reject: (error: unknown) => void;
  }
  const queue: Pending[] = [];
  let draining = false;
  async function drain() {
    while (queue.length > 0) {
      // Writes still reading what they depend on join this batch, not the next.
      await options.onTheWay?.settled();
      const batch = queue.splice(0, MAX_BATCH);
      try {
        const results = await commitBatch(batch.map((p) => p.item));
        batch.forEach((p, i) => p.resolve(results[i]!));
      } catch {
        for (const p of batch) await commitOne(p.item).then(p.resolve, p.reject);
      }
    }
    draining = false;
  }
  return (item) =>
    new Promise<O>((resolve, reject) => {
      queue.push({ item, resolve, reject });
      if (!draining) {
        draining = true;
        setImmediate(() => void drain());
      }
    });
}
