import type { FastifyInstance } from "fastify";
import { repeatWhileRunning } from "../jobs/repeat-while-running";
import { deleteExpiredVerifications } from "./verification-repository";

const HOUR_MS = 3_600_000;

/** Removes expired verification rows hourly while the app runs (deleteExpiredVerifications). */
export function scheduleVerificationSweep(
  app: FastifyInstance,
  everyMs = HOUR_MS,
  now: () => Date = () => new Date(),
): void {
  repeatWhileRunning(app, {
    name: "verification sweep",
    everyMs,
    run: async () => {
      const count = await deleteExpiredVerifications(app.ctx.database.db, now());
      if (count > 0) app.log.info({ count }, "expired verification rows removed");
    },
  });
}
