import type { FastifyBaseLogger } from "fastify";
import type { DatabaseHandle } from "../db/database";
import { createInProcessQueue } from "./in-process-queue";
import type { JobQueue } from "./job-queue";
import { createPgBossQueue } from "./pg-boss-queue";

/**
 * PostgreSQL (the multi-instance set-up) gets pg-boss; SQLite, which is one
 * instance by construction, runs the same jobs in-process.
 */
export function createJobQueue(
  database: DatabaseHandle,
  databaseUrl: string | undefined,
  log: FastifyBaseLogger,
): JobQueue {
  if (database.dialect === "postgres" && databaseUrl) {
    return createPgBossQueue({
      url: databaseUrl,
      schema: database.schema ? `${database.schema}_jobs` : "pgboss",
      log,
    });
  }
  return createInProcessQueue(log);
}
