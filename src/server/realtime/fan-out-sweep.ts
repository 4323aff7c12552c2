import type { PendingDelivery } from "./pending-delivery";

/**
 * When a sweep takes a mark (decision 094): an instance that is dead (no
 * heartbeat for 2.5 s) or cannot reach Redis, or unknown, has its marks
 * taken once they are 2 s old; a live and linked instance clears its own,
 * and only a mark 15 s old is taken from it (a publish that never came
 * back). Without the heartbeat, any 2 s old mark was taken, and an
 * overloaded benchmark round had most of its messages delivered twice.
 */
export const STALE_AFTER = { orphanMs: 2_000, silentMs: 2_500, anyMs: 15_000 } as const;
/** How often each instance records that it is alive, and its link's state. */
export const HEARTBEAT_EVERY_MS = 500;
/** How often every instance looks for stale marks. */
export const SWEEP_EVERY_MS = 500;
/**
 * A sweep whose timer fires this late finds its own instance overloaded:
 * it skips that turn, rather than add re-deliveries to the backlog (the
 * stale marks are then most likely late, not lost).
 */
export const SWEEP_LAG_MS = 1_000;
/** Most marks one sweep takes. */
export const SWEEP_LIMIT = 500;

export interface SweepDeps {
  linkReady: () => boolean;
  /** Claims stale marks (leased: no other sweep takes them for a while). */
  claim: () => Promise<string[]>;
  load: (messageIds: readonly string[]) => Promise<PendingDelivery[]>;
  /**
   * The fan-out's own delivery (fan-out.ts), to local sockets and through
   * Redis to the rest; it hands each message to the confirmations, which
   * clear its mark once Redis has it.
   */
  deliver: (delivery: PendingDelivery) => void;
  /** Clears marks at once (their messages are gone). */
  clear: (messageIds: readonly string[]) => Promise<void>;
  onError: (err: unknown) => void;
  everyMs?: number;
}

/**
 * Decision 094's safety net, run by every instance: a fan-out mark left by
 * an instance that died or lost Redis (STALE_AFTER) belongs to a message
 * whose live delivery nobody saw confirmed. The sweep claims such marks and delivers those messages
 * again; the marks go once Redis confirms the new publishes
 * (fan-out-confirmations.ts). It waits
 * while its own link to Redis is down (its deliveries would not leave the
 * instance either). A claimed mark this sweep cannot clear is taken again
 * after the lease.
 */
export function sweepStaleMarks(deps: SweepDeps): { stop(): void; sweep(): Promise<number> } {
  let running = false;
  const everyMs = deps.everyMs ?? SWEEP_EVERY_MS;
  let due = performance.now() + everyMs;
  const tick = () => {
    const late = performance.now() - due;
    due = performance.now() + everyMs;
    if (late <= SWEEP_LAG_MS) void sweep();
  };
  async function sweep(): Promise<number> {
    if (running || !deps.linkReady()) return 0;
    running = true;
    try {
      const ids = await deps.claim();
      if (ids.length === 0) return 0;
      const deliveries = await deps.load(ids);
      for (const delivery of deliveries) deps.deliver(delivery);
      const found = new Set(deliveries.map(deliveredId));
      const gone = ids.filter((id) => !found.has(id));
      if (gone.length > 0) await deps.clear(gone);
      return deliveries.length;
    } catch (err) {
      deps.onError(err);
      return 0;
    } finally {
      running = false;
    }
  }
  const timer = setInterval(tick, everyMs);
  timer.unref();
  return { stop: () => clearInterval(timer), sweep };
}

const deliveredId = (delivery: PendingDelivery) =>
  delivery.kind === "deskLine" ? delivery.line.id : delivery.message.id;
