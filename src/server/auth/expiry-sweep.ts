import type { FastifyInstance } from "fastify";
import { HOURLY_MS, repeatWhileRunning } from "../jobs/repeat-while-running";
import { deleteExpiredRows } from "./expired-rows-repository";

/**
 * Removes expired sessions and verification rows hourly while the app runs.
 * Both are already refused or ignored once expired (better-auth, Settings'
 * session list, the links' readers), so nothing anyone sees changes: the
 * tables just stop growing with rows nobody can use.
 */
export function scheduleExpirySweep(app: FastifyInstance, everyMs = HOURLY_MS): void {
  repeatWhileRunning(app, {
    name: "expiry sweep",
    everyMs,
    run: async () => {
      const { db } = app.ctx.database;
      const now = new Date();
      const sessions = await deleteExpiredRows(db, "session", now);
      const verifications = await deleteExpiredRows(db, "verification", now);
      if (sessions + verifications > 0) {
        app.log.info({ sessions, verifications }, "expired sessions and links removed");
      }
    },
  });
}
