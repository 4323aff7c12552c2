import type { Kysely } from "kysely";
import type { Database } from "../db/schema";
import type { MailJobName } from "./mail-jobs";

export type JobKind = MailJobName;

export interface NewJob {
  id: string;
  kind: JobKind;
  payload: unknown;
  /** Among due jobs, higher first. */
  priority: number;
  runAt: number;
  dedupeKey?: string;
  createdAt: number;
}

/**
 * Records jobs in one insert; per job, false when a pending job with the
 * same key already exists (or came earlier in the same list).
 */
export async function insertJobs(
  db: Kysely<Database>,
  jobs: readonly NewJob[],
): Promise<boolean[]> {
  const inserted = await db
    .insertInto("mail_job")
    .values(
      jobs.map((job) => ({
        id: job.id,
        kind: job.kind,
        payload: JSON.stringify(job.payload),
        status: "pending",
        priority: job.priority,
        runAt: job.runAt,
        attempts: 0,
        dedupeKey: job.dedupeKey ?? null,
        createdAt: job.createdAt,
      })),
    )
    .onConflict((oc) => oc.doNothing())
    .returning("id")
    .execute();
  const ids = new Set(inserted.map((row) => row.id));
  return jobs.map((job) => ids.has(job.id));
}

/**
 * Pending jobs due by `now` and not being sent (no live claim): the highest
 * priority first, then the oldest.
 */
export function dueJobs(db: Kysely<Database>, now: number, limit: number) {
  return db
    .selectFrom("mail_job")
    .select(["id", "runAt", "priority"])
    .where("status", "=", "pending")
    .where("runAt", "<=", now)
    .where((eb) => eb.or([eb("claimedUntil", "is", null), eb("claimedUntil", "<=", now)]))
    .orderBy("priority", "desc")
    .orderBy("runAt")
    .limit(limit)
    .execute();
}

export function findJob(db: Kysely<Database>, id: string) {
  return db.selectFrom("mail_job").selectAll().where("id", "=", id).executeTakeFirst();
}

/** Marks a pending job done (with why, when it was dropped); false when someone else already did. */
export async function finishJob(
  db: Kysely<Database>,
  id: string,
  status: "sent" | "skipped",
  at: number,
  reason: string | null = null,
): Promise<boolean> {
  const result = await db
    .updateTable("mail_job")
    .set({ status, doneAt: at, lastError: reason?.slice(0, 500) ?? null })
    .where("id", "=", id)
    .where("status", "=", "pending")
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/**
 * Claims a pending job for one send until `until`; false when it is done or
 * another instance holds an unexpired claim (answers when that one lapses).
 */
export async function claimJob(
  db: Kysely<Database>,
  id: string,
  now: number,
  until: number,
): Promise<{ claimed: true } | { claimed: false; heldUntil: number | null }> {
  const result = await db
    .updateTable("mail_job")
    .set({ claimedUntil: until })
    .where("id", "=", id)
    .where("status", "=", "pending")
    .where((eb) => eb.or([eb("claimedUntil", "is", null), eb("claimedUntil", "<=", now)]))
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) > 0) return { claimed: true };
  const row = await db
    .selectFrom("mail_job")
    .select(["status", "claimedUntil"])
    .where("id", "=", id)
    .executeTakeFirst();
  const held = row?.status === "pending" && row.claimedUntil !== null;
  return { claimed: false, heldUntil: held ? Number(row.claimedUntil) : null };
}

/** After a failed send: due again at `runAt`, the claim released. */
export async function rescheduleJob(
  db: Kysely<Database>,
  id: string,
  runAt: number,
  error: string,
): Promise<void> {
  await db
    .updateTable("mail_job")
    .set((eb) => ({
      runAt,
      lastError: error.slice(0, 500),
      attempts: eb("attempts", "+", 1),
      claimedUntil: null,
    }))
    .where("id", "=", id)
    .where("status", "=", "pending")
    .execute();
}

/** The newest job with this key, pending or done. */
export function latestJobWithKey(db: Kysely<Database>, key: string) {
  return db
    .selectFrom("mail_job")
    .select(["id", "status", "doneAt", "createdAt"])
    .where("dedupeKey", "=", key)
    .orderBy("createdAt", "desc")
    .limit(1)
    .executeTakeFirst();
}

export async function countPending(db: Kysely<Database>): Promise<number> {
  const row = await db
    .selectFrom("mail_job")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("status", "=", "pending")
    .executeTakeFirstOrThrow();
  return row.n;
}
