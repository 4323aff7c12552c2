/**
 * Counts the callers on their way to a group commit: each has begun the
 * reads its write depends on and will write in a moment. A batch about to
 * leave waits for them (up to `maxWaitMs`) rather than leaving just before
 * they arrive and making them queue behind its commit for one of their own.
 * PostgreSQL's `commit_delay` with `commit_siblings` makes the same bet for
 * its WAL flush: wait only while others are known to be coming.
 */
export class WritesOnTheWay {
  private count = 0;
  private waiters: (() => void)[] = [];

  constructor(private readonly maxWaitMs = 10) {}

  /**
   * A caller has begun preparing its write. Call the answer when it hands
   * the write over or gives up (a refusal, an error); a second call is a no-op.
   */
  begin(): () => void {
    this.count++;
    let arrived = false;
    return () => {
      if (arrived) return;
      arrived = true;
      this.count--;
      if (this.count === 0) {
        const waiters = this.waiters;
        this.waiters = [];
        for (const wake of waiters) wake();
      }
    };
  }

  /** Runs a caller's work counted as on its way until it calls `arrived` or ends. */
  async during<T>(work: (arrived: () => void) => Promise<T>): Promise<T> {
    const arrived = this.begin();
    try {
      return await work(arrived);
    } finally {
      arrived();
    }
  }

  /** Resolves once no caller is on its way, or after `maxWaitMs` at most. */
  settled(): Promise<void> {
    if (this.count === 0) return Promise.resolve();
    return new Promise((resolve) => {
      const timer = setTimeout(resolve, this.maxWaitMs);
      timer.unref();
      this.waiters.push(() => {
        clearTimeout(timer);
        resolve();
      });
    });
  }
}
