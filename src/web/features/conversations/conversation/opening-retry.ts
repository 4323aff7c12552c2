/**
 * The waits before each new try of a conversation's opening that failed on
 * the network while the live link is up: the server answers the link but not
 * the request (a proxy, a server busy or restarting), so trying at once would
 * only fail again, as fast as the requests go.
 */
export const OPEN_RETRY_DELAYS_MS = [1_000, 2_000, 4_000, 8_000, 16_000, 30_000] as const;

/**
 * When to try a lost opening again: after a wait that doubles with each
 * failure in a row (up to 30 s), starting over once an opening succeeds.
 * One timer at most; the conversation cancels it when it leaves.
 */
export class OpeningRetry {
  private failures = 0;
  private timer: ReturnType<typeof setTimeout> | null = null;

  /** An opening failed on the network. */
  failed(): void {
    this.failures += 1;
  }

  /** An opening succeeded: the next failure waits the shortest time again. */
  succeeded(): void {
    this.failures = 0;
    this.cancel();
  }

  /** Tries `open` again after the wait the failures so far call for. */
  schedule(open: () => void): void {
    this.cancel();
    const step = Math.min(Math.max(this.failures, 1), OPEN_RETRY_DELAYS_MS.length) - 1;
    this.timer = setTimeout(() => {
      this.timer = null;
      open();
    }, OPEN_RETRY_DELAYS_MS[step]);
  }

  cancel(): void {
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
  }
}
