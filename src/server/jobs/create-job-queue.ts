import type { FastifyBaseLogger } from "fastify";
import type { DatabaseHandle } from "../db/database";
import { createInProcessQueue } from "./in-process-queue";
import type { JobQueue } from "./job-queue";
import type { PgBossQueueOptions } from "./pg-boss-queue";

/**
 * PostgreSQL (the multi-instance set-up) gets pg-boss; SQLite, which is one
 * instance by construction, runs the same jobs in-process and never loads
 * pg-boss (or the pg driver under it): start-up, issue 24.
 */
export function createJobQueue(
  database: DatabaseHandle,
  databaseUrl: string | undefined,
  log: FastifyBaseLogger,
): JobQueue {
  if (database.dialect === "postgres" && databaseUrl) {
    return lazyPgBossQueue({
      url: databaseUrl,
      schema: database.schema ? `${database.schema}_jobs` : "pgboss",
      log,
    });
  }
  return createInProcessQueue(log);
}

/**
 * The pg-boss queue behind a dynamic import, started loading at once: each
 * call waits for the module, then goes to the queue itself.
 */
export function lazyPgBossQueue(options: PgBossQueueOptions): JobQueue {
  const queue = import("./pg-boss-queue").then((m) => m.createPgBossQueue(options));
  // A failed import is reported by the first call; never as an unhandled rejection.
  queue.catch(() => {});
  return {
    engine: "pg-boss",
    start: async (work) => (await queue).start(work),
    notify: async (id, runAt, priority) => (await queue).notify(id, runAt, priority),
    stop: async () => (await queue).stop(),
  };
}
