import { byCodeUnit } from "../../../shared/code-unit-order";
import type { Kysely, Selectable } from "kysely";
import type { Database, WithdrawalTable } from "../../db/schema";
import type { WithdrawalState } from "../../../shared/withdrawal-schemas";
import { paiseFromDb } from "../../../shared/paise";
import { compiledQueryCache } from "../../db/compiled-query-cache";

/** The withdrawal table's SQL (issue 47); its money is the ledger's. */

type Db = Kysely<Database>;
export type WithdrawalRow = Selectable<WithdrawalTable>;

/** A request's statements, each compiled once (a burst of presses, issue 47's speed). */
const hotQuery = compiledQueryCache<Database>();

/** Sums read back from the engine as paise, exactly (shared/paise.ts). */
const whole = paiseFromDb;

/** Numbers stay numbers whichever engine answered (bigint columns, booleans). */
export function normalizeRow(row: WithdrawalRow): WithdrawalRow {
  return {
    ...row,
    amountPaise: whole(row.amountPaise),
    tdsPaise: whole(row.tdsPaise),
    netPaise: whole(row.netPaise),
  };
}

/** A unique index refused the write (SQLite or PostgreSQL): the same key, or one already in progress. */
export function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === "SQLITE_CONSTRAINT_UNIQUE" || code === "SQLITE_CONSTRAINT" || code === "23505";
}

/**
 * A burst's requests in one insert, in artist order: two bursts in flight
 * at once then take the in-progress index's entries in one order (decision 122).
 */
export async function insertWithdrawals(db: Db, rows: readonly WithdrawalRow[]): Promise<void> {
  const inArtistOrder = [...rows].sort((a, b) => byCodeUnit(a.artistId, b.artistId));
  await db.insertInto("withdrawal").values(inArtistOrder).execute();
}

export async function withdrawalByKey(db: Db, idempotencyKey: string) {
  const [row] = await hotQuery(
    db,
    "withdrawal-by-key",
    (slot) =>
      db.selectFrom("withdrawal").selectAll().where("idempotencyKey", "=", slot("key")).limit(1),
    { key: idempotencyKey },
  );
  return row && normalizeRow(row);
}

export async function withdrawalById(db: Db, id: string) {
  const row = await db.selectFrom("withdrawal").selectAll().where("id", "=", id).executeTakeFirst();
  return row && normalizeRow(row);
}

/** The artist's withdrawals, newest first. */
export async function withdrawalsOf(db: Db, artistId: string, limit: number) {
  const rows = await db
    .selectFrom("withdrawal")
    .selectAll()
    .where("artistId", "=", artistId)
    .orderBy("requestedAt", "desc")
    .orderBy("id", "desc")
    .limit(limit)
    .execute();
  return rows.map(normalizeRow);
}

/** A withdrawal that is neither paid nor failed holds the artist's next one back. */
export const IN_PROGRESS_STATES: readonly WithdrawalState[] = ["requested", "approved"];
export const isInProgress = (state: string) => IN_PROGRESS_STATES.some((s) => s === state);

/** What one request asks: the artist, the financial year it falls in, its key ("" for none). */
export interface BearingAsk {
  artistId: string;
  financialYear: number;
  key: string;
}

/**
 * For each ask, the artist's withdrawals a new request depends on: one in
 * progress, those of the financial year (for the TDS), and the one already
 * made with this idempotency key, if any. A turn's asks are read in one
 * statement (a burst of presses, issue 47's speed) and sorted out here.
 */
export async function withdrawalsBearingOn(
  db: Db,
  asks: readonly BearingAsk[],
): Promise<WithdrawalRow[][]> {
  const artistIds = [...new Set(asks.map((a) => a.artistId))];
  const years = [...new Set(asks.map((a) => a.financialYear))];
  const keys = asks.map((a) => a.key).filter((key) => key !== "");
  const rows = await db
    .selectFrom("withdrawal")
    .selectAll()
    .where("artistId", "in", artistIds)
    .where((eb) =>
      eb.or([
        eb("state", "in", IN_PROGRESS_STATES),
        eb("financialYear", "in", years),
        ...(keys.length > 0 ? [eb("idempotencyKey", "in", keys)] : []),
      ]),
    )
    .execute();
  const byArtist = new Map<string, WithdrawalRow[]>();
  for (const row of rows) {
    const list = byArtist.get(row.artistId) ?? [];
    list.push(normalizeRow(row));
    byArtist.set(row.artistId, list);
  }
  return asks.map((ask) =>
    (byArtist.get(ask.artistId) ?? []).filter(
      (row) =>
        isInProgress(row.state) ||
        row.financialYear === ask.financialYear ||
        (ask.key !== "" && row.idempotencyKey === ask.key),
    ),
  );
}

/** Per financial year: withdrawn and TDS (standing ones), paid out (net of paid ones). */
export async function taxYearsOf(db: Db, artistId: string) {
  const rows = await db
    .selectFrom("withdrawal")
    .select((eb) => [
      "financialYear",
      eb.fn
        .sum<number | string>(
          eb.case().when("state", "<>", "failed").then(eb.ref("amountPaise")).else(0).end(),
        )
        .as("withdrawn"),
      eb.fn
        .sum<number | string>(
          eb.case().when("state", "<>", "failed").then(eb.ref("tdsPaise")).else(0).end(),
        )
        .as("tds"),
      eb.fn
        .sum<number | string>(
          eb.case().when("state", "=", "paid").then(eb.ref("netPaise")).else(0).end(),
        )
        .as("paidOut"),
    ])
    .where("artistId", "=", artistId)
    .groupBy("financialYear")
    .orderBy("financialYear", "desc")
    .execute();
  return rows.map((r) => ({
    financialYear: r.financialYear,
    withdrawnPaise: whole(r.withdrawn),
    tdsPaise: whole(r.tds),
    paidOutPaise: whole(r.paidOut),
  }));
}

/**
 * Moves a withdrawal from one of these states to the next, only if it is
 * still in one of them (a guarded update: of two agents, one wins).
 * Answers the moved withdrawal's artist, or null when it did not move.
 */
export async function moveWithdrawal(
  db: Db,
  id: string,
  from: readonly WithdrawalState[],
  set: Partial<Omit<WithdrawalRow, "id" | "artistId" | "idempotencyKey">>,
): Promise<string | null> {
  const moved = await db
    .updateTable("withdrawal")
    .set(set)
    .where("id", "=", id)
    .where("state", "in", [...from])
    .returning("artistId")
    .executeTakeFirst();
  return moved?.artistId ?? null;
}

/** How the desk names the artist of a withdrawal whose account was deleted. */
export const DELETED_ACCOUNT_NAME = "Deleted account";

/** A desk view: the withdrawals in one state with their artists, oldest request first. */
export async function withdrawalsInState(db: Db, state: WithdrawalState, limit: number) {
  const rows = await db
    .selectFrom("withdrawal as w")
    // A withdrawal outlives its artist's account (a financial record).
    .leftJoin("user as u", "u.id", "w.artistId")
    .selectAll("w")
    .select(["u.name as artistName", "u.email as artistEmail"])
    .where("w.state", "=", state)
    .orderBy("w.requestedAt", state === "requested" || state === "approved" ? "asc" : "desc")
    .orderBy("w.id")
    .limit(limit)
    .execute();
  return rows.map((r) => ({
    ...normalizeRow(r),
    artistName: r.artistName ?? DELETED_ACCOUNT_NAME,
    artistEmail: r.artistEmail ?? "",
  }));
}

export async function countsByState(db: Db) {
  const rows = await db
    .selectFrom("withdrawal")
    .select((eb) => ["state", eb.fn.countAll<number | string>().as("n")])
    .groupBy("state")
    .execute();
  const counts = { requested: 0, approved: 0, paid: 0, failed: 0 };
  for (const row of rows) {
    if (row.state in counts) counts[row.state as WithdrawalState] = Number(row.n);
  }
  return counts;
}

export async function artistContact(db: Db, artistId: string) {
  return db
    .selectFrom("user")
    .select(["name", "email"])
    .where("id", "=", artistId)
    .executeTakeFirst();
}

/** Whether the artist has a withdrawal requested or approved (money on its way). */
export async function hasWithdrawalInProgress(db: Db, artistId: string): Promise<boolean> {
  const row = await db
    .selectFrom("withdrawal")
    .select("id")
    .where("artistId", "=", artistId)
    .where("state", "in", IN_PROGRESS_STATES)
    .executeTakeFirst();
  return row !== undefined;
}

/** The payout details kept on the artist's withdrawals go (the records stay, for tax). */
export async function forgetWithdrawalDestinations(db: Db, artistId: string): Promise<void> {
  await db
    .updateTable("withdrawal")
    .set({ payoutDestination: null })
    .where("artistId", "=", artistId)
    .execute();
}
