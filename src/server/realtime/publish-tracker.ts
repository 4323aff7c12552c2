/** How long an ack may wait for its fan-out to reach Redis before it is sent anyway. */
export const FAN_OUT_WAIT_MS = 2_000;

type Publish = (...args: unknown[]) => Promise<unknown>;

export interface PublishTracker {
  /** The publish to hand the adapter: the original, counted. */
  publish: Publish;
  /** Resolves once every publish made so far is settled, or after `waitMs`. */
  settled(waitMs?: number): Promise<void>;
}

/**
 * Counts a Redis connection's publishes not yet confirmed, so an ack can
 * wait for its fan-out. Redis answers one connection's commands in order
 * (a test holds ioredis to it), so once the latest publish is settled every
 * earlier one is too: a wait holds that one promise (copying every pending
 * publish for each ack cost O(n²) at load). A rejection, as in an outage,
 * goes to `onError`, never unhandled.
 */
export function trackPublishes(publish: Publish, onError: (err: unknown) => void): PublishTracker {
  let unconfirmed = 0;
  let latest: Promise<unknown> = Promise.resolve();
  return {
    publish: (...args) => {
      const result = publish(...args);
      unconfirmed += 1;
      latest = result.catch(onError).finally(() => (unconfirmed -= 1));
      return result;
    },
    async settled(waitMs = FAN_OUT_WAIT_MS) {
      if (unconfirmed === 0) return;
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([latest, new Promise((resolve) => (timer = setTimeout(resolve, waitMs)))]);
      clearTimeout(timer);
    },
  };
}
