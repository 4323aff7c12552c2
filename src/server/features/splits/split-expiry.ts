import type { FastifyInstance } from "fastify";
import { HOURLY_MS, repeatWhileRunning } from "../../jobs/repeat-while-running";
import type { SplitAnswerService } from "./split-answer-service";

/**
 * Expires invitations left unanswered for SPLIT_INVITE_DAYS while the app
 * runs: first a minute after start, then hourly (the file sweep's pattern).
 * Not a job-queue job: each expiry is a conditional state change and a
 * posting with its own key in one transaction, so running it on every
 * instance at once expires each invitation once. Accepting or declining
 * an invitation past its time expires it on the spot, so an hour's delay
 * here changes nothing for anyone.
 */
export function scheduleSplitExpiry(
  app: FastifyInstance,
  answers: SplitAnswerService,
  everyMs = HOURLY_MS,
): void {
  repeatWhileRunning(app, {
    name: "split expiry",
    everyMs,
    run: async () => {
      const count = await answers.expireDue();
      if (count > 0) app.log.info({ count }, "split invitations expired");
    },
  });
}
