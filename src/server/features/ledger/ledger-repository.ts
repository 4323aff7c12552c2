import { sql, type Kysely } from "kysely";
import type { Database } from "../../db/schema";
import {
  ARTIST_ACCOUNT_PREFIX,
  FIXED_ACCOUNTS,
  SPLIT_HELD_KIND,
  SPLIT_HELD_PREFIX,
  SPLIT_POSTING_KINDS,
  type PostingKind,
} from "./ledger-accounts";
import { paiseFromDb } from "../../../shared/paise";
import { ALL_GROUPS, inCodes, type GroupCodes } from "./ledger-range-repository";

/*
 * The only SQL that writes ledger tables (decision 106). Every write here
 * runs inside the caller's transaction; postings from a statement are built
 * set-based from its statement_group rows (INSERT … SELECT), never a query
 * per line or per group. Identifiers are quoted: PostgreSQL folds case.
 */

type Db = Kysely<Database>;

/** A bigint parameter PostgreSQL can type inside a SELECT list (and SQLite ignores). */
const big = (value: number) => sql`cast(${value} as bigint)`;
/** sum() of bigint is numeric on PostgreSQL (text through the driver): read as a number. */

export interface NewPosting {
  id: string;
  idempotencyKey: string;
  kind: PostingKind;
  statementId: string | null;
  createdBy: string | null;
  now: number;
}

/** Records the posting; false when its key was already posted (a retry: post nothing). */
export async function insertPosting(db: Db, posting: NewPosting): Promise<boolean> {
  const result = await db
    .insertInto("ledger_posting")
    .values({
      id: posting.id,
      idempotencyKey: posting.idempotencyKey,
      kind: posting.kind,
      statementId: posting.statementId,
      createdBy: posting.createdBy,
      createdAt: posting.now,
    })
    .onConflict((oc) => oc.column("idempotencyKey").doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

export async function postingByKey(db: Db, idempotencyKey: string) {
  return db
    .selectFrom("ledger_posting")
    .selectAll()
    .where("idempotencyKey", "=", idempotencyKey)
    .executeTakeFirst();
}

/** The label, unmatched and stores accounts, and each matched artist's of the statement's groups. */
export async function ensureStatementAccounts(
  db: Db,
  postingId: string,
  statementId: string,
  now: number,
  codes: GroupCodes = ALL_GROUPS,
) {
  await db
    .insertInto("ledger_account")
    .values(FIXED_ACCOUNTS.map((a) => ({ id: a.id, kind: a.kind, ownerId: null, createdAt: now })))
    .onConflict((oc) => oc.column("id").doNothing())
    .execute();
  await sql`
    insert into ledger_account (id, kind, "ownerId", balance, "createdAt")
    select distinct ${ARTIST_ACCOUNT_PREFIX} || "artistId", 'artist', "artistId", ${big(0)}, ${big(now)}
    from statement_group
    where "statementId" = ${statementId} and "artistId" is not null ${inCodes(codes)}
    on conflict (id) do nothing
  `.execute(db);
  // Splits (issue 47): each paid accepted collaborator's wallet, each invited share's held account.
  await sql`
    insert into ledger_account (id, kind, "ownerId", balance, "createdAt")
    select distinct
      case when s.state = 'accepted' then ${ARTIST_ACCOUNT_PREFIX} || s."collaboratorId"
        else ${SPLIT_HELD_PREFIX} || s.id end,
      case when s.state = 'accepted' then 'artist' else ${SPLIT_HELD_KIND} end,
      case when s.state = 'accepted' then s."collaboratorId" else s."artistId" end,
      ${big(0)}, ${big(now)}
    from split_share s
    where ${paidShareOfStatement(postingId, statementId, undefined, codes)}
    on conflict (id) do nothing
  `.execute(db);
}

/**
 * A split share (alias s) the posting pays (locked when it began, decision
 * 138), live on a track with a matched group in the statement.
 */
function paidShareOfStatement(
  postingId: string,
  statementId: string,
  code?: string,
  codes: GroupCodes = ALL_GROUPS,
) {
  return sql`s.state in ('invited', 'accepted') and s.id in (
    select "shareId" from posting_split_share where "postingId" = ${postingId}
  ) and s."trackId" in (
    select g."trackId" from statement_group g
    where g."statementId" = ${statementId} and g."artistId" is not null
      and g."trackId" is not null ${code === undefined ? sql`` : sql`and g.code = ${code}`}
      ${inCodes(codes, "g.")}
  )`;
}

/**
 * Each paid share's part of each matched group of the statement (issue 47):
 * the artist's amount × basis points / 10 000, rounded toward zero (down to
 * the paisa for a sale; a refund undoes its sale alike), credited to the
 * collaborator's wallet once accepted, to the share's held account before.
 */
function splitParts(
  postingId: string,
  statementId: string,
  code?: string,
  codes: GroupCodes = ALL_GROUPS,
) {
  return sql`
    select g.id as "groupId",
      case when s.state = 'accepted' then ${ARTIST_ACCOUNT_PREFIX} || s."collaboratorId"
        else ${SPLIT_HELD_PREFIX} || s.id end as "accountId",
      cast(g."artistPaise" * s."basisPoints" / 10000 as bigint) as part
    from statement_group g
    join split_share s on s."trackId" = g."trackId" and s."artistId" = g."artistId"
      and s.state in ('invited', 'accepted')
    join posting_split_share ps on ps."shareId" = s.id and ps."postingId" = ${postingId}
    where g."statementId" = ${statementId} and g."artistId" is not null
      ${code === undefined ? sql`` : sql`and g.code = ${code}`} ${inCodes(codes, "g.")}
  `;
}

/**
 * A statement's import, one range of its groups at a time: per matched
 * group an artist entry and a label entry, per unmatched group one on the
 * unmatched account. The stores entry comes once, at the end.
 */
export async function insertStatementEntries(
  db: Db,
  postingId: string,
  statementId: string,
  now: number,
  codes: GroupCodes,
): Promise<void> {
  const p = sql`cast(${postingId} as text)`;
  const at = big(now);
  const of = sql`"statementId" = ${statementId} ${inCodes(codes)}`;
  await sql`
    with parts as (${splitParts(postingId, statementId, undefined, codes)})
    insert into ledger_entry ("postingId", "accountId", amount, "groupId", "createdAt")
    select ${p}, ${ARTIST_ACCOUNT_PREFIX} || g."artistId",
        cast(g."artistPaise" - coalesce(x.split, 0) as bigint), g.id, ${at}
      from statement_group g
      left join (select "groupId", sum(part) as split from parts group by "groupId") x
        on x."groupId" = g.id
      where g."statementId" = ${statementId} and g."artistId" is not null
        ${inCodes(codes, "g.")}
        and g."artistPaise" - coalesce(x.split, 0) <> 0
    union all
    select ${p}, "accountId", part, "groupId", ${at} from parts where part <> 0
    union all
    select ${p}, 'label', "labelPaise", id, ${at}
      from statement_group
      where ${of} and "artistId" is not null and "labelPaise" <> 0
    union all
    select ${p}, 'unmatched', "amountPaise", id, ${at}
      from statement_group
      where ${of} and "artistId" is null and "amountPaise" <> 0
  `.execute(db);
}

/** One code's groups (just given their artist) leave the unmatched account for the artist and the label. */
export async function insertAssignmentEntries(
  db: Db,
  postingId: string,
  statementId: string,
  code: string,
  now: number,
): Promise<void> {
  const p = sql`cast(${postingId} as text)`;
  const at = big(now);
  const of = sql`"statementId" = ${statementId} and code = ${code} and "artistId" is not null`;
  await sql`
    with parts as (${splitParts(postingId, statementId, code)})
    insert into ledger_entry ("postingId", "accountId", amount, "groupId", "createdAt")
    select ${p}, 'unmatched', cast(-"amountPaise" as bigint), id, ${at}
      from statement_group where ${of} and "amountPaise" <> 0
    union all
    select ${p}, ${ARTIST_ACCOUNT_PREFIX} || g."artistId",
        cast(g."artistPaise" - coalesce(x.split, 0) as bigint), g.id, ${at}
      from statement_group g
      left join (select "groupId", sum(part) as split from parts group by "groupId") x
        on x."groupId" = g.id
      where g."statementId" = ${statementId} and g.code = ${code} and g."artistId" is not null
        and g."artistPaise" - coalesce(x.split, 0) <> 0
    union all
    select ${p}, "accountId", part, "groupId", ${at} from parts where part <> 0
    union all
    select ${p}, 'label', "labelPaise", id, ${at}
      from statement_group where ${of} and "labelPaise" <> 0
  `.execute(db);
}

/**
 * The opposite of what the statement's money amounts to now, per account
 * and group: its import's and assignments' entries, and the moves of split
 * shares since (issue 47), so a held part already accepted is taken from
 * the collaborator's wallet, one returned from the artist's, and one still
 * held from the held account.
 */
export async function insertReversalEntries(
  db: Db,
  postingId: string,
  statementId: string,
  now: number,
): Promise<void> {
  const splitKinds = sql.join(SPLIT_POSTING_KINDS.map((k) => sql`${k}`));
  await sql`
    insert into ledger_entry ("postingId", "accountId", amount, "groupId", "createdAt")
    select cast(${postingId} as text), x."accountId", cast(-sum(x.amount) as bigint), x."groupId",
      ${big(now)}
    from (
      select e."accountId", e.amount, e."groupId"
      from ledger_entry e
      join ledger_posting p on p.id = e."postingId"
      where p."statementId" = ${statementId} and p.kind in ('statement', 'assignment')
      union all
      select e."accountId", e.amount, e."groupId"
      from ledger_entry e
      join ledger_posting p on p.id = e."postingId"
      where p.kind in (${splitKinds})
        and e."groupId" in (select id from statement_group where "statementId" = ${statementId})
    ) x
    group by x."accountId", x."groupId"
    having sum(x.amount) <> 0
  `.execute(db);
}

/** What the posting's entries add up to: zero, or the posting is wrong. */
export async function postingSum(db: Db, postingId: string): Promise<number> {
  const row = await db
    .selectFrom("ledger_entry")
    .select((eb) => eb.fn.sum<number | string>("amount").as("total"))
    .where("postingId", "=", postingId)
    .executeTakeFirst();
  return paiseFromDb(row?.total);
}

/** The artists whose accounts the posting moved. */
export async function artistsOfPosting(db: Db, postingId: string): Promise<string[]> {
  const rows = await db
    .selectFrom("ledger_entry as e")
    .innerJoin("ledger_account as a", "a.id", "e.accountId")
    .select("a.ownerId")
    .distinct()
    .where("e.postingId", "=", postingId)
    .where("a.kind", "=", "artist")
    .execute();
  return rows.flatMap((r) => (r.ownerId ? [r.ownerId] : []));
}

/** Balances (paise) of these artists' accounts; an artist without one has 0. */
export async function artistBalances(db: Db, artistIds: readonly string[]) {
  if (artistIds.length === 0) return new Map<string, number>();
  const rows = await db
    .selectFrom("ledger_account")
    .select(["ownerId", "balance"])
    .where("kind", "=", "artist")
    .where("ownerId", "in", artistIds)
    .execute();
  return new Map(rows.map((r) => [r.ownerId ?? "", paiseFromDb(r.balance)]));
}

/** Accounts whose stored balance is not the sum of their entries. */
export async function balancesDisagreeing(db: Db) {
  const rows = await sql<{ id: string; balance: unknown; entries: unknown }>`
    select a.id, a.balance, coalesce(sum(e.amount), 0) as entries
    from ledger_account a left join ledger_entry e on e."accountId" = a.id
    group by a.id, a.balance
    having a.balance <> coalesce(sum(e.amount), 0)
    order by a.id
  `.execute(db);
  return rows.rows.map((r) => ({
    id: r.id,
    balance: paiseFromDb(r.balance),
    entries: Number(r.entries),
  }));
}

/** Postings whose entries do not sum to zero. */
export async function postingsUnbalanced(db: Db) {
  const rows = await sql<{ id: string; key: string; total: unknown }>`
    select p.id, p."idempotencyKey" as key, sum(e.amount) as total
    from ledger_posting p join ledger_entry e on e."postingId" = p.id
    group by p.id, p."idempotencyKey"
    having sum(e.amount) <> 0
    order by p.id
  `.execute(db);
  return rows.rows.map((r) => ({ id: r.id, key: r.key, total: paiseFromDb(r.total) }));
}

/**
 * What the ledger says a statement credited, net of its reversal: per
 * account kind (artist, label, unmatched, stores), summed over its postings.
 */
export async function statementLedgerSums(db: Db, statementId: string) {
  const rows = await db
    .selectFrom("ledger_entry as e")
    .innerJoin("ledger_posting as p", "p.id", "e.postingId")
    .innerJoin("ledger_account as a", "a.id", "e.accountId")
    .select(["a.kind", (eb) => eb.fn.sum<number | string>("e.amount").as("total")])
    .where("p.statementId", "=", statementId)
    .where("p.kind", "in", ["statement", "assignment"])
    .groupBy("a.kind")
    .execute();
  return new Map(rows.map((r) => [r.kind, paiseFromDb(r.total)]));
}
