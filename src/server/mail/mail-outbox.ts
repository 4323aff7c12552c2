import type { FastifyBaseLogger } from "fastify";
import type { Kysely } from "kysely";
import PQueue from "p-queue";
import type { DatabaseHandle } from "../db/database";
import { perTurnTransactions } from "../db/per-turn-transactions";
import type { Database } from "../db/schema";
import type { JobQueue } from "../jobs/job-queue";
import { safeMessage, type MailMessage } from "./mail-message";
import {
  MAIL_JOB_PRIORITY,
  parseMailJob,
  type ComposedJobName,
  type MailJobMap,
  type ParsedJob,
} from "./mail-jobs";
import { SMTP_CONNECTIONS, type MailTransport } from "./mail-transport";
import {
  claimJob,
  countPending,
  dueJobs,
  findJob,
  finishJob,
  insertJobs,
  rescheduleJob,
  type NewJob,
} from "./outbox-repository";

/** Decides when a job is due what (if anything) to send; null sends nothing. */
export type NoticeComposer<K extends ComposedJobName = ComposedJobName> = (
  payload: MailJobMap[K],
) => Promise<MailMessage | null>;

/** A job recorded to be woken later (MailOutbox.record, then wake). */
export interface RecordedJob {
  id: string;
  priority: number;
}

/**
 * Mails handed to the transport at once per instance, whatever the engine
 * hands over: one per pooled SMTP connection, enough to keep a relay busy,
 * few enough not to be taken for a flood.
 */
const SEND_CONCURRENCY = SMTP_CONNECTIONS;

/**
 * How long a send's claim on its row holds: longer than the transport can
 * take for one mail (connection 10 s + greeting 10 s + socket 30 s,
 * mail-transport.ts), so a second instance given the same job never sends
 * it meanwhile; an instance killed mid-send delays its mails by at most this.
 */
export const SEND_CLAIM_MS = 60_000;

export interface MailOutboxOptions {
  now?: () => number;
  sendConcurrency?: number;
  /** The claim's length (SEND_CLAIM_MS); shorter in tests that kill an instance. */
  claimMs?: number;
}

/** Waits between attempts while SMTP is down: 2 s doubling, capped at 5 minutes. */
export function retryDelayMs(attempts: number): number {
  return Math.min(2_000 * 2 ** Math.min(attempts, 20), 5 * 60_000);
}

/**
 * Every mail is recorded here before it is sent; the job engine then runs
 * each due row once. Sending failures reschedule the row with backoff, so
 * nothing is lost while SMTP is down and nothing is sent twice after it returns.
 */
export class MailOutbox {
  private readonly composers: { [K in ComposedJobName]?: NoticeComposer<K> } = {};
  private readonly sending: PQueue;
  private readonly now: () => number;
  private readonly claimMs: number;
  /** Records a job; false when a pending job with the same key already exists. */
  private readonly insertJob: (job: NewJob) => Promise<boolean>;

  constructor(
    private readonly database: DatabaseHandle,
    readonly transport: MailTransport,
    readonly queue: JobQueue,
    private readonly log: FastifyBaseLogger,
    options: MailOutboxOptions = {},
  ) {
    this.now = options.now ?? Date.now;
    this.claimMs = options.claimMs ?? SEND_CLAIM_MS;
    this.sending = new PQueue({ concurrency: options.sendConcurrency ?? SEND_CONCURRENCY });
    // A burst of notices (50 withdrawals' steps at once) is one insert and one commit.
    this.insertJob = perTurnTransactions(database.db, insertJobs);
  }

  /** Registers how a scheduled job of this kind becomes a mail when due. */
  compose<K extends ComposedJobName>(kind: K, composer: NoticeComposer<K>): void {
    (this.composers as Record<K, NoticeComposer<K>>)[kind] = composer;
  }

  /**
   * Records a rendered mail and sends it as soon as possible; a mail someone
   * waits for at the screen (a reset link) may rank above the others.
   */
  async send(message: MailMessage, priority = MAIL_JOB_PRIORITY.mail): Promise<void> {
    const id = crypto.randomUUID();
    const at = this.now();
    await this.insertJob({
      id,
      kind: "mail",
      payload: safeMessage(message),
      priority,
      runAt: at,
      createdAt: at,
    });
    await this.notifyQuietly(id, at, priority);
  }

  /**
   * Records a notice due at `runAt`. With a key, a second schedule while one
   * is pending is ignored (answers false).
   */
  async schedule<K extends ComposedJobName>(
    kind: K,
    payload: MailJobMap[K],
    runAt: number,
    dedupeKey?: string,
  ): Promise<boolean> {
    const id = crypto.randomUUID();
    const priority = MAIL_JOB_PRIORITY[kind];
    const inserted = await this.insertJob({
      id,
      kind,
      payload,
      priority,
      runAt,
      createdAt: this.now(),
      ...(dedupeKey ? { dedupeKey } : {}),
    });
    if (inserted) await this.notifyQuietly(id, runAt, priority);
    return inserted;
  }

  /**
   * Records a job due now without waking the engine: the caller wakes it
   * (wake) when the moment is right, e.g. after its answer has been sent, so
   * the work cannot slow that answer. The caller may rank it below its kind
   * (a repeated reset request). Answers what to wake.
   */
  async record<K extends ComposedJobName>(
    kind: K,
    payload: MailJobMap[K],
    priority: number = MAIL_JOB_PRIORITY[kind],
  ): Promise<RecordedJob> {
    const id = crypto.randomUUID();
    const at = this.now();
    await this.insertJob({ id, kind, payload, priority, runAt: at, createdAt: at });
    return { id, priority };
  }

  /**
   * Records due-now jobs in the caller's transaction (a transactional
   * outbox: a job exists exactly when the change that called for it
   * committed). Answers, per item, what to wake once the transaction has
   * committed, or null when a pending job with its key already exists.
   */
  async recordIn<K extends ComposedJobName>(
    trx: Kysely<Database>,
    kind: K,
    items: readonly { payload: MailJobMap[K]; dedupeKey?: string }[],
  ): Promise<(RecordedJob | null)[]> {
    const at = this.now();
    const priority = MAIL_JOB_PRIORITY[kind];
    const jobs: NewJob[] = items.map((item) => ({
      id: crypto.randomUUID(),
      kind,
      payload: item.payload,
      priority,
      runAt: at,
      createdAt: at,
      ...(item.dedupeKey ? { dedupeKey: item.dedupeKey } : {}),
    }));
    const inserted = await insertJobs(trx, jobs);
    return jobs.map((job, i) => (inserted[i] ? { id: job.id, priority } : null));
  }

  /** Tells the engine a recorded job is due now. */
  wake(job: RecordedJob): Promise<void> {
    return this.notifyQuietly(job.id, this.now(), job.priority);
  }

  /** Wakes what `recordIn` answered, once its transaction committed (null: nothing new). */
  wakeRecorded(jobs: readonly (RecordedJob | null)[]): void {
    // Never rejects: a job the engine is not told about now is found by its sweep.
    for (const job of jobs) if (job) void this.wake(job);
  }

  /** The row is recorded; if the engine cannot be told now, its sweep finds the row. */
  private async notifyQuietly(id: string, runAt: number, priority: number) {
    try {
      await this.queue.notify(id, runAt, priority);
    } catch (err) {
      this.log.warn({ err, id }, "job engine not told; the sweep will pick the job up");
    }
  }

  start(): Promise<void> {
    const db = this.database.db;
    return this.queue.start({
      run: (id) => this.run(id),
      due: (now, limit) => dueJobs(db, now, limit),
    });
  }

  async stop(): Promise<void> {
    await this.queue.stop();
    this.transport.close();
  }

  pending(): Promise<number> {
    return countPending(this.database.db);
  }

  /** Runs one recorded job: check, compose if needed, send, mark done or reschedule. */
  async run(id: string): Promise<void> {
    const db = this.database.db;
    const row = await findJob(db, id);
    if (!row || row.status !== "pending" || row.runAt > this.now()) return;
    const parsed = parseMailJob(row.kind, row.payload);
    if (!parsed.ok) {
      // Never right on a later try: dropped with the reason, and the engine goes on.
      this.log.error({ id, kind: row.kind, reason: parsed.reason }, "mail job dropped");
      await finishJob(db, id, "skipped", this.now(), parsed.reason);
      return;
    }
    let message: MailMessage | null;
    try {
      message = await this.messageOf(parsed.job);
    } catch (err) {
      this.log.error({ err, id, kind: row.kind }, "mail job could not be composed");
      await this.retryLater(id, row.priority, row.attempts, err);
      return;
    }
    if (!message) {
      await finishJob(db, id, "skipped", this.now());
      return;
    }
    let sent: boolean;
    try {
      const ready = message;
      // Waiting mails leave in the jobs' order: a reset link before a notice.
      const outcome = await this.sending.add(() => this.claimAndSend(id, row.priority, ready), {
        priority: row.priority,
      });
      sent = outcome === true;
    } catch (err) {
      this.log.warn(
        { err, id, to: message.to.address, attempts: row.attempts + 1 },
        "mail not sent; will retry",
      );
      await this.retryLater(id, row.priority, row.attempts, err);
      return;
    }
    if (!sent) return;
    await finishJob(db, id, "sent", this.now());
    this.log.info({ id, kind: row.kind, to: message.to.address }, "mail sent");
  }

  /**
   * Claims the row right before the transport takes the mail (not while it
   * waits its turn), then sends. Held by another instance: looks again when
   * that claim lapses (the other one sent it by then, or died). Answers
   * whether this instance sent it.
   */
  private async claimAndSend(id: string, priority: number, message: MailMessage) {
    const now = this.now();
    const claim = await claimJob(this.database.db, id, now, now + this.claimMs);
    if (!claim.claimed) {
      if (claim.heldUntil !== null) await this.notifyQuietly(id, claim.heldUntil + 1, priority);
      return false;
    }
    await this.transport.send(message);
    return true;
  }

  /** A rendered mail as it is; any other job through its kind's composer. */
  private messageOf(job: ParsedJob): Promise<MailMessage | null> {
    if (job.kind === "mail") return Promise.resolve(job.payload);
    return this.composeJob(job.kind, job.payload);
  }

  private composeJob<K extends ComposedJobName>(kind: K, payload: MailJobMap[K]) {
    const composer = this.composers[kind];
    if (!composer) throw new Error(`no composer for ${kind}`);
    return composer(payload);
  }

  private async retryLater(id: string, priority: number, attempts: number, err: unknown) {
    const runAt = this.now() + retryDelayMs(attempts);
    await rescheduleJob(this.database.db, id, runAt, String(err));
    await this.notifyQuietly(id, runAt, priority);
  }
}
