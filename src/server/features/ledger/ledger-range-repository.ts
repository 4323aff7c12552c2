import { sql, type Kysely } from "kysely";
import type { Database } from "../../db/schema";
import { byCodeUnit } from "../../../shared/code-unit-order";
import { paiseFromDb } from "../../../shared/paise";

/*
 * The ledger's SQL for a statement posted range by range (decision 110):
 * the stores entry, the sums of the entries a range just wrote, and the
 * balances moved once from those sums; and how every posting moves
 * balances: row by row in account-id order. Runs in the caller's transaction.
 */

type Db = Kysely<Database>;

/** Statement groups whose code is in (after, upTo]; null bounds are open. */
export interface GroupCodes {
  after: string | null;
  upTo: string | null;
}

export const ALL_GROUPS: GroupCodes = { after: null, upTo: null };

/** `and code in (after, upTo]`, the column qualified by `alias` ("g.") when given. */
export const inCodes = (codes: GroupCodes, alias = "") => {
  const code = sql.ref(`${alias}code`);
  return sql`${codes.after === null ? sql`` : sql`and ${code} > ${codes.after}`}
    ${codes.upTo === null ? sql`` : sql`and ${code} <= ${codes.upTo}`}`;
};

/** A bigint parameter PostgreSQL can type inside a SELECT list (and SQLite ignores). */
const big = (value: number) => sql`cast(${value} as bigint)`;

/** The entry taking a statement's whole amount from the stores account. */
export async function insertStoresEntry(db: Db, postingId: string, amount: number, now: number) {
  await db
    .insertInto("ledger_entry")
    .values({ postingId, accountId: "stores", amount, groupId: null, createdAt: now })
    .execute();
}

/** The whole amount of a statement's groups. */
export async function statementGroupsTotal(db: Db, statementId: string): Promise<number> {
  const row = await db
    .selectFrom("statement_group")
    .select((eb) => eb.fn.sum<number | string>("amountPaise").as("total"))
    .where("statementId", "=", statementId)
    .executeTakeFirst();
  return paiseFromDb(row?.total ?? 0);
}

/** The highest entry id so far (0 when none). */
export async function lastEntryId(db: Db): Promise<number> {
  const row = await db
    .selectFrom("ledger_entry")
    .select((eb) => eb.fn.max("id").as("id"))
    .executeTakeFirst();
  return row?.id ?? 0;
}

/**
 * What the posting's entries after `afterId` add up to, per account: a
 * range of the primary key. `|| ''` keeps the planner off the other
 * indexes: the posting's would read all of its entries so far, and SQLite
 * read the whole ledger along the account index to group without sorting
 * (each of a million-group statement's slices scanned every entry).
 */
export function entrySumsSinceQuery(postingId: string, afterId: number) {
  return sql<{ accountId: string; total: unknown }>`
    select "accountId" || '' as "accountId", sum(amount) as total from ledger_entry
    where id > ${afterId} and "postingId" || '' = ${postingId}
    group by 1
  `;
}

export async function entrySumsSince(db: Db, postingId: string, afterId: number) {
  const rows = await entrySumsSinceQuery(postingId, afterId).execute(db);
  return rows.rows.map((r) => ({ accountId: r.accountId, total: paiseFromDb(r.total) }));
}

/** Moves one balance by an amount the caller summed from the posting's entries. */
export async function addToBalance(db: Db, accountId: string, amount: number) {
  await sql`update ledger_account set balance = cast(balance + ${big(amount)} as bigint)
    where id = ${accountId}`.execute(db);
}

/**
 * Moves these balances one row at a time in account-id order (code units),
 * the order every posting takes them: two postings that share accounts wait
 * for each other instead of deadlocking on PostgreSQL. A 0 only locks the row.
 */
export async function addToBalancesInIdOrder(
  db: Db,
  moves: ReadonlyArray<readonly [accountId: string, amount: number]>,
): Promise<void> {
  const ordered = [...moves].sort(([a], [b]) => byCodeUnit(a, b));
  for (const [accountId, amount] of ordered) await addToBalance(db, accountId, amount);
}

/** The owners of those of these accounts that are artists'. */
export async function artistOwnersOf(db: Db, accountIds: readonly string[]): Promise<string[]> {
  if (accountIds.length === 0) return [];
  const rows = await db
    .selectFrom("ledger_account")
    .select("ownerId")
    .where("kind", "=", "artist")
    .where("id", "in", accountIds)
    .execute();
  return rows.flatMap((r) => (r.ownerId ? [r.ownerId] : []));
}

/**
 * Moves each balance the posting touches by the sum of its entries there,
 * row by row in account-id order (`alsoLock`: rows a later step of the same
 * transaction moves, taken in that order now with a 0).
 */
export async function applyPostingToBalances(
  db: Db,
  postingId: string,
  alsoLock: readonly string[] = [],
): Promise<void> {
  const { rows } = await sql<{ accountId: string; total: unknown }>`
    select "accountId", sum(amount) as total from ledger_entry
    where "postingId" = ${postingId} group by "accountId"
  `.execute(db);
  const moves = new Map(rows.map((r) => [r.accountId, paiseFromDb(r.total)] as const));
  for (const id of alsoLock) if (!moves.has(id)) moves.set(id, 0);
  await addToBalancesInIdOrder(db, [...moves]);
}
