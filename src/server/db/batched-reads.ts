import DataLoader from "dataloader";

/** Most keys one read may carry. */
const MAX_BATCH = 256;

/**
 * Group reads for a burst (decision 118): many requests each asking for
 * their own row (fifty artists pressing Withdraw, a wave of sessions past
 * the cache's TTL) are answered by a few set-based queries. The first
 * lookup of a quiet moment is read at the end of its turn (setImmediate);
 * lookups asked while that read is in flight gather and are read together
 * when it returns, so the batches grow with the load and a lone request
 * waits for nothing. On PostgreSQL every statement is a round trip whose
 * socket write alone cost about a third of a millisecond of the server's
 * CPU under a burst.
 *
 * `readMany` answers the keys' values in the keys' order. Nothing is
 * cached: a read is as fresh as one made alone. A failed read fails every
 * lookup of its batch, and the next batch is read afresh.
 */
export function batchedReads<K, V>(
  readMany: (keys: readonly K[]) => Promise<V[]>,
): (key: K) => Promise<V> {
  let reading = false;
  /** Dispatches of batches gathered while a read was in flight (more than one only past MAX_BATCH). */
  const gathered: (() => void)[] = [];
  const next = () => {
    const dispatch = gathered.shift();
    if (dispatch) dispatch();
  };
  const loader = new DataLoader<K, V, K>(
    async (keys) => {
      reading = true;
      try {
        return await readMany(keys);
      } finally {
        reading = false;
        setImmediate(next);
      }
    },
    {
      cache: false,
      maxBatchSize: MAX_BATCH,
      // DataLoader adds lookups to a batch until its dispatch is called.
      batchScheduleFn: (dispatch) =>
        setImmediate(() => {
          gathered.push(dispatch);
          if (!reading && gathered.length === 1) next();
        }),
    },
  );
  return (key) => loader.load(key);
}

/**
 * batchedReads for rows found by a key: `readRows` answers the rows of the
 * keys it can find, in any order; each lookup gets its own row, or
 * undefined when there is none.
 */
export function batchedRowsByKey<K, R>(
  readRows: (keys: readonly K[]) => Promise<readonly R[]>,
  keyOf: (row: R) => K,
): (key: K) => Promise<R | undefined> {
  return batchedReads(async (keys) => {
    const rows = new Map((await readRows(keys)).map((row) => [keyOf(row), row]));
    return keys.map((key) => rows.get(key));
  });
}
