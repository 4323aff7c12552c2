import os from "node:os";
import PQueue from "p-queue";

/**
 * Where release file checks wait their turn (issue 45): at most one per
 * core runs at once, and at most one per account, so a burst from one
 * account waits behind itself and cannot take the machine from the others.
 * An account's next check joins the shared queue only when its previous
 * one has finished: it never holds a core's place while it waits.
 */
export class FileCheckQueue {
  private readonly shared: PQueue;
  /** Each account's last check (settled or not): the next one starts after it. */
  private readonly tails = new Map<string, Promise<unknown>>();

  constructor(concurrency = os.availableParallelism()) {
    this.shared = new PQueue({ concurrency });
  }

  /** Runs `check` for `accountId` when both its account and a core are free. */
  run<T>(accountId: string, check: () => Promise<T>): Promise<T> {
    const previous = this.tails.get(accountId) ?? Promise.resolve();
    const result = previous.then(() => this.shared.add(check, { throwOnTimeout: true }));
    const tail = result.catch(() => undefined);
    this.tails.set(accountId, tail);
    void tail.then(() => {
      if (this.tails.get(accountId) === tail) this.tails.delete(accountId);
    });
    return result;
  }

  /** Checks running now and waiting for a core (not those waiting behind their own account). */
  get load(): { running: number; waiting: number } {
    return { running: this.shared.pending, waiting: this.shared.size };
  }
}
