import PgBoss from "pg-boss";
import type { FastifyBaseLogger } from "fastify";
import type { JobQueue, JobWork } from "./job-queue";

const QUEUE = "mail-outbox";

export interface PgBossQueueOptions {
  url: string;
  /** Schema for pg-boss's own tables (one per test schema; "pgboss" otherwise). */
  schema: string;
  log: FastifyBaseLogger;
  /** How long a job may stay active before pg-boss assumes its instance died. */
  expireInSeconds?: number;
  /** How often pg-boss looks for such expired jobs. */
  maintenanceIntervalSeconds?: number;
  /** How often the recorded table is swept for due jobs the engine never heard of. */
  sweepMs?: number;
  pollingIntervalSeconds?: number;
}

/**
 * Several instances on PostgreSQL: pg-boss hands each job to one worker
 * (SKIP LOCKED), holds future jobs until they are due, and gives a job whose
 * instance died (kill -9) to another after it expires. The queue is "stately"
 * with the outbox row id as singleton key: at most one queued and one active
 * job per row, so notifying twice never runs a row twice at once.
 */
export function createPgBossQueue(options: PgBossQueueOptions): JobQueue {
  const { log } = options;
  const boss = new PgBoss({
    connectionString: options.url,
    schema: options.schema,
    max: 3,
    application_name: "artist-portal-jobs",
    maintenanceIntervalSeconds: options.maintenanceIntervalSeconds ?? 30,
    archiveCompletedAfterSeconds: 60 * 60,
    deleteAfterDays: 2,
  });
  boss.on("error", (err) => log.error({ err }, "pg-boss error"));
  let sweep: NodeJS.Timeout | undefined;
  let started = false;

  const notify = async (id: string, runAt: number) => {
    await boss.send(
      QUEUE,
      { id },
      { singletonKey: id, startAfter: new Date(Math.max(runAt, Date.now())) },
    );
  };

  return {
    engine: "pg-boss",
    async start(work: JobWork) {
      await boss.start();
      started = true;
      await ensureQueue(boss, log, options.expireInSeconds);
      await boss.work<{ id: string }>(
        QUEUE,
        { batchSize: 5, pollingIntervalSeconds: options.pollingIntervalSeconds ?? 1 },
        // In parallel: each job's time to expiry starts when the batch is fetched.
        async (jobs) => {
          await Promise.all(jobs.map((job) => work.run(job.data.id)));
        },
      );
      // A row recorded just before a crash may never have reached pg-boss.
      const sweepOnce = async () => {
        for (const job of await work.due(Date.now() - 5_000, 500)) await notify(job.id, job.runAt);
      };
      sweep = setInterval(() => {
        sweepOnce().catch((err: unknown) => log.error({ err }, "job sweep failed"));
      }, options.sweepMs ?? 15_000);
      sweep.unref();
      await sweepOnce();
    },
    notify,
    async stop() {
      if (sweep) clearInterval(sweep);
      // Lets the jobs in hand finish (bounded), then closes pg-boss's pool.
      if (started) await boss.stop({ graceful: true, wait: true, timeout: 10_000 });
    },
  };
}

/**
 * Instances booting together on a fresh database create the queue at once,
 * and PostgreSQL may end one of them as a deadlock victim: that one waits a
 * moment and finds the queue made, or tries again.
 */
async function ensureQueue(
  boss: PgBoss,
  log: FastifyBaseLogger,
  expireInSeconds: number | undefined,
): Promise<void> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      if (await boss.getQueue(QUEUE)) return;
      await boss.createQueue(QUEUE, {
        name: QUEUE,
        policy: "stately",
        // Retries here only cover an instance dying mid-job or the database
        // failing; SMTP failures are rescheduled by the outbox with its own backoff.
        retryLimit: 20,
        retryDelay: 2,
        retryBackoff: true,
        expireInSeconds: expireInSeconds ?? 120,
      });
      return;
    } catch (err) {
      if (attempt >= 5) throw err;
      log.warn({ err, attempt }, "creating the job queue failed; trying again");
      await new Promise((resolve) => setTimeout(resolve, 50 * attempt + Math.random() * 100));
    }
  }
}
