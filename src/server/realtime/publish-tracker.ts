/** How long an ack may wait for its fan-out to reach Redis before it is sent anyway. */
export const FAN_OUT_WAIT_MS = 2_000;

type Publish = (...args: unknown[]) => Promise<unknown>;

export interface PublishTracker {
  /** The publish to hand the adapter: the original, counted. */
  publish: Publish;
  /** Resolves once every publish made so far is settled, or after `waitMs`. */
  settled(waitMs?: number): Promise<void>;
  /**
   * Whether the latest publish made so far is confirmed within `waitMs`
   * (false on a refusal or a timeout). With `failures()` unchanged over the
   * same span, every earlier one is too (decision 094's marks are cleared on it).
   */
  confirmed(waitMs?: number): Promise<boolean>;
  /** Publishes refused so far (a count that only grows). */
  failures(): number;
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
  let failures = 0;
  let latest: Promise<boolean> = Promise.resolve(true);
  const within = async (waitMs: number): Promise<boolean> => {
    let timer: NodeJS.Timeout | undefined;
    const timedOut = new Promise<boolean>(
      (resolve) => (timer = setTimeout(resolve, waitMs, false)),
    );
    const answer = await Promise.race([latest, timedOut]);
    clearTimeout(timer);
    return answer;
  };
  return {
    publish: (...args) => {
      const result = publish(...args);
      unconfirmed += 1;
      latest = result
        .then(
          () => true,
          (err: unknown) => {
            failures += 1;
            onError(err);
            return false;
          },
        )
        .finally(() => (unconfirmed -= 1));
      return result;
    },
    async settled(waitMs = FAN_OUT_WAIT_MS) {
      if (unconfirmed === 0) return;
      await within(waitMs);
    },
    async confirmed(waitMs = FAN_OUT_WAIT_MS) {
      return within(waitMs);
    },
    failures: () => failures,
  };
}
