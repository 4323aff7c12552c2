import PgBoss from "pg-boss";
import type { FastifyBaseLogger } from "fastify";
import { z } from "zod";
import type { JobQueue, JobWork } from "./job-queue";

const QUEUE = "mail-outbox";
/** What pg-boss carries for a job: the recorded row's id, checked when the job starts. */
const engineJobSchema = z.object({ id: z.string().min(1).max(100) });

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
  /** Workers in this instance (pg-boss 10's way to run batches side by side). */
  workers?: number;
  /** Jobs each worker takes per fetch; workers x batchSize bounds the jobs in hand. */
  batchSize?: number;
}

/**
 * 2 workers of 5: at most 10 jobs in hand per instance. A worker whose batch
 * was full fetches again at once instead of after the polling interval, so
 * a burst drains at the speed of its jobs; few in hand keeps the event loop
 * free for a job of higher priority that arrives meanwhile (decision 095;
 * docs/benchmarks.md).
 */
const WORKERS = 2;
const BATCH_SIZE = 5;

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
    // Each worker fetches on its own connection; sends and completions need theirs.
    max: (options.workers ?? WORKERS) + 2,
    application_name: "artist-portal-jobs",
    maintenanceIntervalSeconds: options.maintenanceIntervalSeconds ?? 30,
    archiveCompletedAfterSeconds: 60 * 60,
    deleteAfterDays: 2,
  });
  boss.on("error", (err) => log.error({ err }, "pg-boss error"));
  let sweep: NodeJS.Timeout | undefined;
  let started = false;
  const workerIds: string[] = [];

  const notify = async (id: string, runAt: number, priority = 0) => {
    const dueNow = runAt <= Date.now();
    await boss.send(
      QUEUE,
      { id },
      {
        singletonKey: id,
        priority,
        // Due now: the database's own clock starts it (no skew between hosts).
        ...(dueNow ? {} : { startAfter: new Date(runAt) }),
      },
    );
    // A job due now starts at once here instead of at the next poll.
    if (dueNow) for (const worker of workerIds) boss.notifyWorker(worker);
  };

  return {
    engine: "pg-boss",
    async start(work: JobWork) {
      await boss.start();
      started = true;
      await ensureQueue(boss, log, options.expireInSeconds);
      workerIds.push(...(await startWorkers(boss, work, options)));
      // A row recorded just before a crash may never have reached pg-boss.
      const sweepOnce = async () => {
        for (const job of await work.due(Date.now() - 5_000, 500)) {
          await notify(job.id, job.runAt, job.priority);
        }
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
 * The workers of one instance, each fetching `batchSize` jobs and running them
 * side by side. A full batch means more may be waiting: that worker fetches
 * again at once instead of after the polling interval.
 */
async function startWorkers(
  boss: PgBoss,
  work: JobWork,
  options: PgBossQueueOptions,
): Promise<string[]> {
  const { log } = options;
  const batchSize = options.batchSize ?? BATCH_SIZE;
  const ids: string[] = [];
  /** A job whose data is not a row id is logged and dropped (completed), never run. */
  const runOne = async (job: PgBoss.Job<unknown>) => {
    const data = engineJobSchema.safeParse(job.data);
    if (data.success) await work.run(data.data.id);
    else log.error({ jobId: job.id, reason: z.prettifyError(data.error) }, "job dropped: bad data");
  };
  for (let i = 0; i < (options.workers ?? WORKERS); i += 1) {
    const index = i;
    const id = await boss.work<unknown>(
      QUEUE,
      { batchSize, pollingIntervalSeconds: options.pollingIntervalSeconds ?? 1 },
      // In parallel: each job's time to expiry starts when the batch is fetched.
      async (jobs) => {
        await Promise.all(jobs.map(runOne));
        const self = ids[index];
        if (jobs.length >= batchSize && self) boss.notifyWorker(self);
      },
    );
    ids.push(id);
  }
  return ids;
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
