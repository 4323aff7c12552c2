import { type ExpressionBuilder, type Kysely, type Selectable } from "kysely";
import type { Database, SplitShareTable } from "../../db/schema";
import { paiseFromDb } from "../../../shared/paise";

/** The SQL of splits (issue 47, section 1); their money is the ledger's. */

type Db = Kysely<Database>;
export type SplitShareRow = Selectable<SplitShareTable>;

/** Invited or accepted: the shares a statement pays. */
export const LIVE_STATES = ["invited", "accepted"] as const;

/** A unique index refused the write (SQLite or PostgreSQL). */
export function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === "SQLITE_CONSTRAINT_UNIQUE" || code === "SQLITE_CONSTRAINT" || code === "23505";
}

/** A release's track with what a split needs of its release and owner. */
export async function trackOfRelease(db: Db, releaseId: string, trackId: string) {
  return db
    .selectFrom("release_track as t")
    .innerJoin("release as r", "r.id", "t.releaseId")
    .select([
      "t.id as trackId",
      "t.releaseId",
      "t.title",
      "t.version",
      "r.artistId",
      "r.title as releaseTitle",
    ])
    .where("t.releaseId", "=", releaseId)
    .where("t.id", "=", trackId)
    .executeTakeFirst();
}

/**
 * The track's split row, created or touched: on PostgreSQL the row lock
 * makes two saves of one track run one after the other.
 */
export async function touchTrackSplit(
  db: Db,
  row: { trackId: string; releaseId: string; artistId: string; by: string; now: number },
): Promise<void> {
  await db
    .insertInto("track_split")
    .values({
      trackId: row.trackId,
      releaseId: row.releaseId,
      artistId: row.artistId,
      updatedBy: row.by,
      updatedAt: row.now,
    })
    .onConflict((oc) => oc.column("trackId").doUpdateSet({ updatedBy: row.by, updatedAt: row.now }))
    .execute();
}

/** A track's invited and accepted shares. */
const liveOfTrack = (db: Db, trackId: string) =>
  db.selectFrom("split_share").where("trackId", "=", trackId).where("state", "in", LIVE_STATES);

/** The track's invited and accepted shares, oldest first. */
export async function liveSharesOfTrack(db: Db, trackId: string): Promise<SplitShareRow[]> {
  return liveOfTrack(db, trackId).selectAll().orderBy("invitedAt").orderBy("email").execute();
}

/** The ids of a track's live shares: what a save locks before it reads them. */
export async function liveShareIdsOfTrack(db: Db, trackId: string): Promise<string[]> {
  const rows = await liveOfTrack(db, trackId).select("id").execute();
  return rows.map((r) => r.id);
}

interface ShareHolder {
  id: string;
  email: string;
  /** When the account was made (ms): invitations to its email since then are its own. */
  since: number;
}

/**
 * The live shares a user is in: of their own tracks, as the collaborator,
 * and invitations to their email since the account was made (those the
 * account could accept, as `sharesOfCollaborator` lists them).
 */
const liveSharesOf = (user: ShareHolder) => (eb: ExpressionBuilder<Database, "split_share">) =>
  eb.and([
    eb("state", "in", LIVE_STATES),
    eb.or([
      eb("artistId", "=", user.id),
      eb("collaboratorId", "=", user.id),
      eb.and([
        eb("state", "=", "invited"),
        eb("collaboratorId", "is", null),
        eb("email", "=", user.email),
        eb("invitedAt", ">=", user.since),
      ]),
    ]),
  ]);

async function shareHolder(db: Db, userId: string): Promise<ShareHolder | undefined> {
  const row = await db
    .selectFrom("user")
    .select(["email", "createdAt"])
    .where("id", "=", userId)
    .executeTakeFirst();
  return row && { id: userId, email: row.email, since: new Date(row.createdAt).getTime() };
}

/** The live shares a user is in (see liveSharesOf), oldest first. */
export async function liveSharesOfUser(db: Db, userId: string): Promise<SplitShareRow[]> {
  const user = await shareHolder(db, userId);
  if (!user) return [];
  return db
    .selectFrom("split_share")
    .selectAll()
    .where(liveSharesOf(user))
    .orderBy("invitedAt")
    .orderBy("id")
    .execute();
}

export async function insertShare(db: Db, row: SplitShareRow): Promise<void> {
  await db.insertInto("split_share").values(row).execute();
}

export async function updateShareBasisPoints(
  db: Db,
  id: string,
  basisPoints: number,
  now: number,
): Promise<void> {
  await db
    .updateTable("split_share")
    .set({ basisPoints, updatedAt: now })
    .where("id", "=", id)
    .execute();
}

/**
 * Moves a share from one of `from` to its next state, only if it is still
 * there (and, with `expiredBy`, only once expired; with `unexpiredAt`, only
 * while not): the count tells whether this call won.
 */
export async function moveShare(
  db: Db,
  id: string,
  from: readonly string[],
  change: { state: string; answeredAt?: number; collaboratorId?: string; now: number },
  when: { expiredBy?: number; unexpiredAt?: number } = {},
): Promise<number> {
  let query = db
    .updateTable("split_share")
    .set({
      state: change.state,
      updatedAt: change.now,
      ...(change.answeredAt === undefined ? {} : { answeredAt: change.answeredAt }),
      ...(change.collaboratorId === undefined ? {} : { collaboratorId: change.collaboratorId }),
    })
    .where("id", "=", id)
    .where("state", "in", [...from]);
  if (when.expiredBy !== undefined) query = query.where("expiresAt", "<=", when.expiredBy);
  if (when.unexpiredAt !== undefined) query = query.where("expiresAt", ">", when.unexpiredAt);
  const result = await query.executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** A share with the names its collaborator sees: the artist, the release and the track. */
function sharesWithNames(db: Db) {
  return db
    .selectFrom("split_share as s")
    .leftJoin("release_track as t", "t.id", "s.trackId")
    .leftJoin("release as r", "r.id", "s.releaseId")
    .leftJoin("user as u", "u.id", "s.artistId")
    .selectAll("s")
    .select([
      "t.title as trackTitle",
      "t.version as trackVersion",
      "r.title as releaseTitle",
      "u.artistName",
      "u.username",
    ]);
}

export async function shareById(db: Db, id: string) {
  return sharesWithNames(db).where("s.id", "=", id).executeTakeFirst();
}

export async function shareByTokenHash(db: Db, tokenHash: string) {
  return sharesWithNames(db).where("s.tokenHash", "=", tokenHash).executeTakeFirst();
}

/**
 * Invitations not answered yet that are this user's (claimed through their
 * link, or sent to their email after the account existed), and the shares
 * this user accepted; newest first.
 */
export async function sharesOfCollaborator(
  db: Db,
  collaborator: { email: string; userId: string; accountSince: number },
) {
  return sharesWithNames(db)
    .where((eb) =>
      eb.or([
        eb.and([
          eb("s.state", "=", "invited"),
          eb.or([
            eb("s.collaboratorId", "=", collaborator.userId),
            eb.and([
              eb("s.collaboratorId", "is", null),
              eb("s.email", "=", collaborator.email),
              eb("s.invitedAt", ">=", collaborator.accountSince),
            ]),
          ]),
        ]),
        eb.and([eb("s.collaboratorId", "=", collaborator.userId), eb("s.state", "=", "accepted")]),
      ]),
    )
    .orderBy("s.invitedAt", "desc")
    .orderBy("s.id", "desc")
    .limit(500)
    .execute();
}

/** Invitations whose time ran out, oldest first. */
export async function dueInvitations(db: Db, now: number, limit: number) {
  return db
    .selectFrom("split_share")
    .select(["id", "artistId"])
    .where("state", "=", "invited")
    .where("expiresAt", "<=", now)
    .orderBy("expiresAt")
    .limit(limit)
    .execute();
}

export async function hasAccountWithEmail(db: Db, email: string): Promise<boolean> {
  const row = await db
    .selectFrom("user")
    .select("id")
    .where("email", "=", email)
    .executeTakeFirst();
  return row !== undefined;
}

/** When the account was made (epoch ms), or undefined for none. */
export async function accountSince(db: Db, userId: string): Promise<number | undefined> {
  const row = await db
    .selectFrom("user")
    .select("createdAt")
    .where("id", "=", userId)
    .executeTakeFirst();
  return row && new Date(row.createdAt).getTime();
}

/**
 * Ties an invitation still open to the account that opened its link; 0 when
 * it was answered, claimed by another account or sent to another email.
 */
export async function claimShare(
  db: Db,
  claim: { tokenHash: string; email: string; userId: string; now: number },
): Promise<number> {
  const result = await db
    .updateTable("split_share")
    .set({ collaboratorId: claim.userId, updatedAt: claim.now })
    .where("tokenHash", "=", claim.tokenHash)
    .where("email", "=", claim.email)
    .where("state", "=", "invited")
    .where("collaboratorId", "is", null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** Who an invitation is from: the artist's names. */
export async function artistNames(db: Db, userId: string) {
  return db
    .selectFrom("user")
    .select(["artistName", "username"])
    .where("id", "=", userId)
    .executeTakeFirst();
}

/**
 * What the collaborator's wallet received per track from these tracks'
 * groups (credits, moves from held, reversals), in paise.
 */
export async function creditedByTrack(db: Db, userId: string, trackIds: readonly string[]) {
  if (trackIds.length === 0) return new Map<string, number>();
  const rows = await db
    .selectFrom("ledger_entry as e")
    .innerJoin("statement_group as g", "g.id", "e.groupId")
    .select(["g.trackId", (eb) => eb.fn.sum<number | string>("e.amount").as("total")])
    .where("e.accountId", "=", `artist:${userId}`)
    .where("g.trackId", "in", [...trackIds])
    .groupBy("g.trackId")
    .execute();
  return new Map(rows.map((r) => [r.trackId ?? "", paiseFromDb(r.total)] as const));
}
