import type { FastifyInstance } from "fastify";
import type { Realtime } from "../context";
import {
  claimStaleMarks,
  clearFanOutMarks,
  loadPendingDeliveries,
} from "../features/chat/fan-out-marks";
import type { AdapterLink } from "./redis-adapter";
import { confirmDeliveries, type Confirmations } from "./fan-out-confirmations";
import { deliverStored } from "./fan-out";
import { STALE_MARK_MS, SWEEP_LIMIT, sweepStaleMarks } from "./fan-out-sweep";

/**
 * Decision 094 with Redis: the confirmations clear the marks of what this
 * instance delivered; `startSweep`, once `realtime` exists, delivers again
 * what any instance stored and could not see confirmed.
 */
export function durableFanOut(app: FastifyInstance, link: AdapterLink) {
  const { database } = app.ctx;
  const onError = (err: unknown) => app.log.warn({ err }, "durable fan-out: a round failed");
  const clear = (ids: readonly string[]) => clearFanOutMarks(database.db, ids);
  const confirmations: Confirmations = confirmDeliveries({
    tracker: link.tracker,
    linkReady: () => link.ready(),
    clear,
    onError,
  });
  let stopSweep: () => void = () => undefined;
  return {
    delivered: (messageId: string) => confirmations.delivered(messageId),
    startSweep(realtime: Realtime) {
      const sweep = sweepStaleMarks({
        linkReady: () => link.ready(),
        claim: () => claimStaleMarks(database.db, database.dialect, STALE_MARK_MS, SWEEP_LIMIT),
        load: (ids) => loadPendingDeliveries(database.db, ids),
        deliver: (delivery) => deliverStored(realtime, delivery),
        clear,
        onError,
      });
      stopSweep = () => sweep.stop();
    },
    stop() {
      stopSweep();
      confirmations.stop();
    },
  };
}
