import { randomUUID } from "node:crypto";
import type { FastifyInstance } from "fastify";
import type { Realtime } from "../context";
import { beatHeart, claimStaleMarks, clearFanOutMarks } from "./fan-out-mark-repository";
import type { RealtimeLookups } from "./pending-delivery";
import type { AdapterLink } from "./redis-adapter";
import { confirmDeliveries, type Confirmations } from "./fan-out-confirmations";
import { deliverStored } from "./fan-out";
import { HEARTBEAT_EVERY_MS, STALE_AFTER, SWEEP_LIMIT, sweepStaleMarks } from "./fan-out-sweep";

/**
 * Decision 094 with Redis: this instance's id (its marks carry it) and its
 * heartbeat; the confirmations clear the marks of what this instance
 * delivered; `startSweep`, once `realtime` exists, delivers again what a
 * dead or unlinked instance stored and could not see confirmed.
 */
export function durableFanOut(
  app: FastifyInstance,
  link: AdapterLink,
  lookups: Pick<RealtimeLookups, "loadPending">,
) {
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
  const instanceId = randomUUID();
  const beat = () =>
    void beatHeart(database.db, database.dialect, instanceId, link.ready()).catch(onError);
  beat();
  const heartbeat = setInterval(beat, HEARTBEAT_EVERY_MS);
  heartbeat.unref();
  return {
    instanceId,
    delivered: (messageId: string) => confirmations.delivered(messageId),
    startSweep(realtime: Realtime) {
      const sweep = sweepStaleMarks({
        linkReady: () => link.ready(),
        claim: () => claimStaleMarks(database.db, database.dialect, STALE_AFTER, SWEEP_LIMIT),
        load: lookups.loadPending,
        deliver: (delivery) => deliverStored(realtime, delivery),
        clear,
        onError,
      });
      stopSweep = () => sweep.stop();
    },
    stop() {
      clearInterval(heartbeat);
      stopSweep();
      confirmations.stop();
    },
  };
}
