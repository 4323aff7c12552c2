import type { FastifyInstance } from "fastify";
import { repeatWhileRunning } from "../jobs/repeat-while-running";
import { deleteExpiredSessions } from "./session-repository";
import { deleteExpiredVerifications } from "./verification-repository";

const HOUR_MS = 3_600_000;

/**
 * Removes expired sessions and verification rows hourly while the app runs.
 * Both are already refused or ignored once expired (better-auth, Settings'
 * session list, the links' readers), so nothing anyone sees changes: the
 * tables just stop growing with rows nobody can use.
 */
export function scheduleExpirySweep(
  app: FastifyInstance,
  everyMs = HOUR_MS,
  now: () => Date = () => new Date(),
): void {
  repeatWhileRunning(app, {
    name: "expiry sweep",
    everyMs,
    run: async () => {
      const { db } = app.ctx.database;
      const at = now();
      const sessions = await deleteExpiredSessions(db, at);
      const verifications = await deleteExpiredVerifications(db, at);
      if (sessions + verifications > 0) {
        app.log.info({ sessions, verifications }, "expired sessions and links removed");
      }
    },
  });
}
