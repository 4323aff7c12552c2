import type { Kysely, Selectable, Transaction } from "kysely";
import type { ReleaseStepData } from "../../../../shared/release-review";
import { displayName } from "../../../../shared/user";
import type { Database, ReleaseStepTable, ReleaseStoreTable } from "../../../db/schema";
import type { ReleaseRow } from "../release-repository";

type Db = Kysely<Database> | Transaction<Database>;
export type ReleaseStepRow = Selectable<ReleaseStepTable>;
export type ReleaseStoreRow = Selectable<ReleaseStoreTable>;

export interface NewStep {
  releaseId: string;
  data: ReleaseStepData;
  actor: { id: string; name: string } | null;
  releaseVersion: number;
  at: number;
}

/** One step of the timeline, written in the transaction of the change it records. */
export async function insertStep(db: Db, step: NewStep): Promise<string> {
  const id = crypto.randomUUID();
  const { kind, ...data } = step.data;
  const last = await db
    .selectFrom("release_step")
    .select((eb) => eb.fn.max("seq").as("seq"))
    .where("releaseId", "=", step.releaseId)
    .executeTakeFirst();
  await db
    .insertInto("release_step")
    .values({
      id,
      releaseId: step.releaseId,
      kind,
      data: JSON.stringify(data),
      actorId: step.actor?.id ?? null,
      actorName: step.actor?.name ?? null,
      releaseVersion: step.releaseVersion,
      at: step.at,
      seq: (last?.seq ?? 0) + 1,
    })
    .execute();
  return id;
}

/** The timeline, oldest first. */
export async function listSteps(db: Db, releaseId: string): Promise<ReleaseStepRow[]> {
  return db
    .selectFrom("release_step")
    .selectAll()
    .where("releaseId", "=", releaseId)
    .orderBy("seq", "asc")
    .execute();
}

/** The newest step: what a client with an older version missed. */
export async function lastStep(db: Db, releaseId: string): Promise<ReleaseStepRow | undefined> {
  return db
    .selectFrom("release_step")
    .selectAll()
    .where("releaseId", "=", releaseId)
    .orderBy("seq", "desc")
    .limit(1)
    .executeTakeFirst();
}

export function stepData(row: ReleaseStepRow): ReleaseStepData {
  const parsed = JSON.parse(row.data) as Omit<ReleaseStepData, "kind">;
  return { ...parsed, kind: row.kind as ReleaseStepData["kind"] };
}

export async function listStores(db: Db, releaseId: string): Promise<ReleaseStoreRow[]> {
  return db.selectFrom("release_store").selectAll().where("releaseId", "=", releaseId).execute();
}

/** The store rows of the release a song belongs to (by its track). */
export async function releaseOfSong(
  db: Db,
  songId: string,
): Promise<{ releaseId: string } | undefined> {
  return db
    .selectFrom("release_track")
    .select("releaseId")
    .where("songId", "=", songId)
    .executeTakeFirst();
}

export async function insertPendingStores(
  db: Db,
  releaseId: string,
  stores: readonly string[],
): Promise<void> {
  await db
    .insertInto("release_store")
    .values(
      stores.map((store) => ({
        releaseId,
        store,
        state: "Pending",
        link: "",
        note: "",
        updatedAt: null,
      })),
    )
    .onConflict((oc) => oc.columns(["releaseId", "store"]).doNothing())
    .execute();
}

export async function updateStore(
  db: Db,
  row: { releaseId: string; store: string; state: string; link: string; note: string },
  now: number,
): Promise<void> {
  await db
    .updateTable("release_store")
    .set({ state: row.state, link: row.link, note: row.note, updatedAt: now })
    .where("releaseId", "=", row.releaseId)
    .where("store", "=", row.store)
    .execute();
}

export async function userName(db: Db, id: string | null): Promise<string | null> {
  if (!id) return null;
  const row = await db
    .selectFrom("user")
    .select(["artistName", "username"])
    .where("id", "=", id)
    .executeTakeFirst();
  return row ? displayName(row) : null;
}

/** The release's artist as the desk shows them: name and address. */
export async function artistContact(
  db: Db,
  artistId: string,
): Promise<{ id: string; name: string; email: string }> {
  const row = await db
    .selectFrom("user")
    .select(["id", "email", "artistName", "username"])
    .where("id", "=", artistId)
    .executeTakeFirstOrThrow();
  return { id: row.id, name: displayName(row), email: row.email };
}

/**
 * An agent's step moves the release to its next state, only from the
 * version and state the agent saw; undefined when someone came first.
 */
export async function moveReleaseState(
  trx: Db,
  release: { id: string; version: number; state: string },
  set: Partial<
    Pick<ReleaseRow, "reviewerId" | "reviewSnapshot" | "rejectionReason" | "rejectionNote">
  > & {
    state: string;
  },
  now: number,
): Promise<ReleaseRow | undefined> {
  return trx
    .updateTable("release")
    .set({ ...set, version: release.version + 1, updatedAt: now, stateChangedAt: now })
    .where("id", "=", release.id)
    .where("version", "=", release.version)
    .where("state", "=", release.state)
    .returningAll()
    .executeTakeFirst();
}

/**
 * A store save moves the release to its next version first, only from the
 * version the agent edited on and only while approved or live: the row lock
 * orders concurrent saves, the loser finds a new version (undefined).
 */
export async function bumpVersionForStores(
  trx: Db,
  releaseId: string,
  version: number,
  now: number,
): Promise<ReleaseRow | undefined> {
  return trx
    .updateTable("release")
    .set((eb) => ({ version: eb("version", "+", 1), updatedAt: now }))
    .where("id", "=", releaseId)
    .where("version", "=", version)
    .where("state", "in", ["approved", "live"])
    .returningAll()
    .executeTakeFirst();
}

/** Approved ↔ live as the stores move, once: of two saves at once only one matches. */
function moveDeliveryState(
  trx: Db,
  releaseId: string,
  from: "approved" | "live",
  to: "approved" | "live",
  now: number,
): Promise<ReleaseRow | undefined> {
  return trx
    .updateTable("release")
    .set((eb) => ({
      state: to,
      version: eb("version", "+", 1),
      updatedAt: now,
      stateChangedAt: now,
    }))
    .where("id", "=", releaseId)
    .where("state", "=", from)
    .returningAll()
    .executeTakeFirst();
}

/** Approved to live, once. */
export function markLive(trx: Db, releaseId: string, now: number) {
  return moveDeliveryState(trx, releaseId, "approved", "live", now);
}

/** Live back to approved, once: its last Live store was set back. */
export function markNotLive(trx: Db, releaseId: string, now: number) {
  return moveDeliveryState(trx, releaseId, "live", "approved", now);
}
