import type { FastifyBaseLogger } from "fastify";
import type { DatabaseHandle } from "../db/database";
import type { JobQueue } from "../jobs/job-queue";
import { safeMessage, type MailMessage } from "./mail-message";
import type { MailTransport } from "./mail-transport";
import {
  countPending,
  dueJobs,
  findJob,
  finishJob,
  insertJob,
  rescheduleJob,
  type JobKind,
} from "./outbox-repository";

/** Decides when a notice is due what (if anything) to send; null sends nothing. */
export type NoticeComposer = (payload: unknown) => Promise<MailMessage | null>;

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
  private readonly composers = new Map<JobKind, NoticeComposer>();

  constructor(
    private readonly database: DatabaseHandle,
    readonly transport: MailTransport,
    readonly queue: JobQueue,
    private readonly log: FastifyBaseLogger,
    private readonly now: () => number = Date.now,
  ) {}

  /** Registers how a scheduled notice of this kind becomes a mail when due. */
  compose(kind: Exclude<JobKind, "mail">, composer: NoticeComposer): void {
    this.composers.set(kind, composer);
  }

  /** Records a rendered mail and sends it as soon as possible. */
  async send(message: MailMessage): Promise<void> {
    const id = crypto.randomUUID();
    const at = this.now();
    await insertJob(this.database.db, {
      id,
      kind: "mail",
      payload: safeMessage(message),
      runAt: at,
      createdAt: at,
    });
    await this.notifyQuietly(id, at);
  }

  /**
   * Records a notice due at `runAt`. With a key, a second schedule while one
   * is pending is ignored (answers false).
   */
  async schedule(
    kind: Exclude<JobKind, "mail">,
    payload: unknown,
    runAt: number,
    dedupeKey?: string,
  ): Promise<boolean> {
    const id = crypto.randomUUID();
    const inserted = await insertJob(this.database.db, {
      id,
      kind,
      payload,
      runAt,
      createdAt: this.now(),
      ...(dedupeKey ? { dedupeKey } : {}),
    });
    if (inserted) await this.notifyQuietly(id, runAt);
    return inserted;
  }

  /**
   * Records a job due now without waking the engine: the caller wakes it
   * (wake) when the moment is right, e.g. after its answer has been sent, so
   * the work cannot slow that answer. Answers the job id.
   */
  async record(kind: Exclude<JobKind, "mail">, payload: unknown): Promise<string> {
    const id = crypto.randomUUID();
    const at = this.now();
    await insertJob(this.database.db, { id, kind, payload, runAt: at, createdAt: at });
    return id;
  }

  /** Tells the engine a recorded job is due now. */
  wake(id: string): Promise<void> {
    return this.notifyQuietly(id, this.now());
  }

  /** The row is recorded; if the engine cannot be told now, its sweep finds the row. */
  private async notifyQuietly(id: string, runAt: number) {
    try {
      await this.queue.notify(id, runAt);
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

  /** Runs one recorded job: compose if needed, send, mark done or reschedule. */
  async run(id: string): Promise<void> {
    const db = this.database.db;
    const job = await findJob(db, id);
    if (!job || job.status !== "pending" || job.runAt > this.now()) return;
    let message: MailMessage | null;
    try {
      const payload: unknown = JSON.parse(job.payload);
      if (job.kind === "mail") message = payload as MailMessage;
      else {
        const composer = this.composers.get(job.kind);
        if (!composer) throw new Error(`no composer for ${job.kind}`);
        message = await composer(payload);
      }
    } catch (err) {
      this.log.error({ err, id, kind: job.kind }, "mail job could not be composed");
      await this.retryLater(id, job.attempts, err);
      return;
    }
    if (!message) {
      await finishJob(db, id, "skipped", this.now());
      return;
    }
    try {
      await this.transport.send(message);
    } catch (err) {
      this.log.warn(
        { err, id, to: message.to.address, attempts: job.attempts + 1 },
        "mail not sent; will retry",
      );
      await this.retryLater(id, job.attempts, err);
      return;
    }
    await finishJob(db, id, "sent", this.now());
    this.log.info({ id, kind: job.kind, to: message.to.address }, "mail sent");
  }

  private async retryLater(id: string, attempts: number, err: unknown) {
    const runAt = this.now() + retryDelayMs(attempts);
    await rescheduleJob(this.database.db, id, runAt, String(err));
    await this.notifyQuietly(id, runAt);
  }
}
