import { FAN_OUT_WAIT_MS, type PublishTracker } from "./publish-tracker";

export interface ConfirmationDeps {
  tracker: Pick<PublishTracker, "confirmed" | "failures">;
  /** Whether the publishing connection is up (down: nothing can be confirmed). */
  linkReady: () => boolean;
  /** Deletes these messages' fan-out marks. */
  clear: (messageIds: readonly string[]) => Promise<void>;
  onError: (err: unknown) => void;
  /** How often confirmed marks are cleared, in one statement. */
  everyMs?: number;
}

export interface Confirmations {
  /** A marked message's events were just published: clear its mark once Redis confirms. */
  delivered(messageId: string): void;
  stop(): void;
}

/**
 * Clears the fan-out marks (decision 094) of what this instance delivered,
 * once Redis has confirmed the publishes: the messages emitted since the last
 * round are cleared together, off the send path, in one statement. A round
 * Redis does not confirm in time, or in which any publish was refused, keeps
 * its marks: the sweep delivers them again (a duplicate delivery at worst,
 * which clients merge by id).
 */
export function confirmDeliveries(deps: ConfirmationDeps): Confirmations {
  let round: string[] = [];
  let flushing = false;
  // Refusals counted when the previous round began: every publish of this
  // round was made after it, so an unchanged count covers them all.
  let refusedBefore = deps.tracker.failures();

  async function flush() {
    if (flushing || round.length === 0) return;
    flushing = true;
    const ids = round;
    round = [];
    const since = refusedBefore;
    refusedBefore = deps.tracker.failures();
    try {
      const confirmed = deps.linkReady() && (await deps.tracker.confirmed(FAN_OUT_WAIT_MS));
      if (confirmed && deps.tracker.failures() === since) await deps.clear(ids);
    } catch (err) {
      deps.onError(err);
    } finally {
      flushing = false;
    }
  }
  const timer = setInterval(() => void flush(), deps.everyMs ?? 100);
  timer.unref();
  return {
    delivered(messageId) {
      round.push(messageId);
    },
    stop: () => clearInterval(timer),
  };
}
