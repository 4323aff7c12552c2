/**
 * The work's answer, or `late()`'s once `ms` have passed (a `late` that
 * throws rejects): a lookup or a probe that hangs never holds up its caller.
 * The timer is cleared as soon as either settles, and never keeps the
 * process alive.
 */
export function withinTime<T>(work: Promise<T>, ms: number, late: () => T): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const expiry = new Promise<T>((resolve) => {
    // Resolved with late()'s outcome: its answer, or its throw as a rejection.
    timer = setTimeout(() => resolve(Promise.resolve().then(late)), Math.max(0, ms));
    timer.unref();
  });
  return Promise.race([work, expiry]).finally(() => clearTimeout(timer));
}
