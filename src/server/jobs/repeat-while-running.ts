import type { FastifyInstance } from "fastify";
import { HOUR_MS } from "../../shared/durations";

/** The usual round of housekeeping: once an hour. */
export const HOURLY_MS = HOUR_MS;

/** A piece of housekeeping the app repeats while it runs. */
export interface RepeatedTask {
  /** Named in the log line of a failed round. */
  name: string;
  everyMs: number;
  run: () => Promise<void>;
}

/**
 * Runs `task` while the app runs: first a minute after start (or after
 * `everyMs` when shorter), then every `everyMs`; never two rounds at once;
 * a failed round is logged and the next one tries again; closing the app
 * stops the timers and waits for a round in progress. For work that needs
 * no row of its own and is harmless on every instance at once (a sweep, an
 * expiry by conditional update), so not a job-queue job.
 */
export function repeatWhileRunning(app: FastifyInstance, task: RepeatedTask): void {
  let running: Promise<void> | undefined;
  const round = () => {
    if (running) return;
    running = task
      .run()
      .catch((err: unknown) => app.log.error({ err }, `${task.name} failed`))
      .finally(() => {
        running = undefined;
      });
  };
  let first: NodeJS.Timeout | undefined;
  let every: NodeJS.Timeout | undefined;
  app.addHook("onReady", (done) => {
    first = setTimeout(round, Math.min(60_000, task.everyMs)).unref();
    every = setInterval(round, task.everyMs).unref();
    done();
  });
  app.addHook("onClose", async () => {
    clearTimeout(first);
    clearInterval(every);
    await running;
  });
}
