import type { FastifyInstance } from "fastify";
import type { SplitAnswerService } from "./split-answer-service";

const HOUR_MS = 3_600_000;

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
  everyMs = HOUR_MS,
): void {
  let running: Promise<void> | undefined;
  const run = () => {
    if (running) return;
    running = answers
      .expireDue()
      .then((count) => {
        if (count > 0) app.log.info({ count }, "split invitations expired");
      })
      .catch((err: unknown) => app.log.error({ err }, "split expiry failed"))
      .finally(() => {
        running = undefined;
      });
  };
  let first: NodeJS.Timeout | undefined;
  let every: NodeJS.Timeout | undefined;
  app.addHook("onReady", (done) => {
    first = setTimeout(run, Math.min(60_000, everyMs)).unref();
    every = setInterval(run, everyMs).unref();
    done();
  });
  app.addHook("onClose", async () => {
    clearTimeout(first);
    clearInterval(every);
    await running;
  });
}
