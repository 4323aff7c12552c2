import type { FastifyBaseLogger } from "fastify";
import type { JobQueue, JobWork } from "./job-queue";

const BATCH = 20;

/**
 * The embedded default: one process runs its own due jobs one after another,
 * the highest priority first.
 * A timer wakes it for the next job someone notified; a slow poll catches the
 * rest (jobs from before a restart, rescheduled retries).
 */
export function createInProcessQueue(
  log: FastifyBaseLogger,
  pollMs = 1000,
  now: () => number = Date.now,
): JobQueue {
  let work: JobWork | undefined;
  // An object, so the drain loop sees stop() flip it while it awaits.
  const state = { stopped: false, again: false };
  const stopped = () => state.stopped;
  const again = () => state.again;
  let running: Promise<void> | undefined;
  let poll: NodeJS.Timeout | undefined;
  const timers = new Set<NodeJS.Timeout>();

  async function drain(w: JobWork) {
    for (;;) {
      state.again = false;
      if (stopped()) return;
      const jobs = await w.due(now(), BATCH);
      for (const job of jobs) {
        if (stopped()) return;
        await w.run(job.id);
        // A job told meanwhile may rank higher (a reset link during a
        // flood): look again before the rest of this batch.
        if (again()) break;
      }
      if (jobs.length < BATCH && !again()) return;
    }
  }

  function kick() {
    if (!work || stopped()) return;
    if (running) {
      state.again = true;
      return;
    }
    running = drain(work)
      .catch((err: unknown) => log.error({ err }, "job queue: drain failed"))
      .finally(() => {
        running = undefined;
      });
  }

  return {
    engine: "in-process",
    start(w) {
      work = w;
      poll = setInterval(kick, pollMs);
      poll.unref();
      kick();
      return Promise.resolve();
    },
    notify(_id, runAt) {
      const delay = Math.max(0, runAt - now());
      if (delay === 0) kick();
      else if (delay < pollMs) {
        const t = setTimeout(() => {
          timers.delete(t);
          kick();
        }, delay);
        t.unref();
        timers.add(t);
      }
      return Promise.resolve();
    },
    async stop() {
      state.stopped = true;
      if (poll) clearInterval(poll);
      for (const t of timers) clearTimeout(t);
      await running;
    },
  };
}
