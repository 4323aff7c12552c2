import { sql, type Kysely } from "kysely";
import type { Database } from "../../db/schema";
import type { MonthRange } from "./earnings-period";
import { paiseFromDb } from "../../../shared/paise";

type Db = Kysely<Database>;

/** The ledger account that holds an artist's available balance. */
export const artistAccountId = (userId: string): string => `artist:${userId}`;

/** A sum read back from the engine as whole paise, exactly (shared/paise.ts). */
export const wholePaise = paiseFromDb;

/** The artist's balance in paise (0 before any credit). */
export async function balanceOf(db: Db, userId: string): Promise<number> {
  const row = await db
    .selectFrom("ledger_account")
    .select("balance")
    .where("id", "=", artistAccountId(userId))
    .executeTakeFirst();
  return wholePaise(row?.balance);
}

/**
 * The newest posting that credited the artist (a statement or an
 * assignment, never a reversal): read backwards along the account's index.
 */
export async function lastCreditOf(
  db: Db,
  userId: string,
): Promise<{ postingId: string; at: number } | undefined> {
  const row = await db
    .selectFrom("ledger_entry as e")
    .innerJoin("ledger_posting as p", "p.id", "e.postingId")
    .select(["p.id", "p.createdAt"])
    .where("e.accountId", "=", artistAccountId(userId))
    .where("e.amount", ">", 0)
    .where("p.kind", "<>", "reversal")
    .orderBy("e.id", "desc")
    .limit(1)
    .executeTakeFirst();
  return row ? { postingId: row.id, at: row.createdAt } : undefined;
}

/** A posting as the artist's account saw it: its kind, when, and its sum on the account. */
export interface PostingOnAccount {
  id: string;
  kind: string;
  at: number;
  amountPaise: number;
}

/** Position after which the next page starts: the last posting shown. */
export interface PostingCursor {
  at: number;
  id: string;
}

/** One page of the postings on the artist's account, newest first (keyset on time and id). */
export async function postingsOnAccount(
  db: Db,
  userId: string,
  options: { after: PostingCursor | null; limit: number; only?: readonly string[] },
): Promise<PostingOnAccount[]> {
  const { after, limit, only } = options;
  let query = db
    .selectFrom("ledger_entry as e")
    .innerJoin("ledger_posting as p", "p.id", "e.postingId")
    .select((eb) => ["p.id", "p.kind", "p.createdAt", eb.fn.sum<string>("e.amount").as("amount")])
    .where("e.accountId", "=", artistAccountId(userId));
  if (after) {
    query = query.where((eb) =>
      eb.or([
        eb("p.createdAt", "<", after.at),
        eb.and([eb("p.createdAt", "=", after.at), eb("p.id", "<", after.id)]),
      ]),
    );
  }
  if (only) query = query.where("p.id", "in", only.length > 0 ? [...only] : [""]);
  const rows = await query
    .groupBy(["p.id", "p.kind", "p.createdAt"])
    .orderBy("p.createdAt", "desc")
    .orderBy("p.id", "desc")
    .limit(limit)
    .execute();
  return rows.map((row) => ({
    id: row.id,
    kind: row.kind,
    at: row.createdAt,
    amountPaise: wholePaise(row.amount),
  }));
}

/** The stores and sale-month span of the groups each posting moved on the artist's account. */
export async function postingGroupsOf(
  db: Db,
  userId: string,
  postingIds: readonly string[],
): Promise<{ postingId: string; store: string; firstMonth: string; lastMonth: string }[]> {
  if (postingIds.length === 0) return [];
  return db
    .selectFrom("ledger_entry as e")
    .innerJoin("statement_group as g", "g.id", "e.groupId")
    .select((eb) => [
      "e.postingId",
      "g.store",
      eb.fn.min("g.saleMonth").as("firstMonth"),
      eb.fn.max("g.saleMonth").as("lastMonth"),
    ])
    .where("e.accountId", "=", artistAccountId(userId))
    .where("e.postingId", "in", [...postingIds])
    .groupBy(["e.postingId", "g.store"])
    .execute();
}

/** Statements reversed in full: their entries net to zero, and their streams count none. */
function reversedStatementIds(db: Db) {
  return db
    .selectFrom("statement")
    .select("statement.id")
    .where("statement.state", "=", "reversed");
}

/** Held split money returned to its artist (issue 47): its groups' streams were counted already. */
function splitReturnPostingIds(db: Db) {
  return db
    .selectFrom("ledger_posting")
    .select("ledger_posting.id")
    .where("ledger_posting.kind", "=", "split-return");
}

/**
 * The track, its artist and the collaborator's email of each split posting
 * (accept or return) among these, by posting id: the key names the share.
 */
export async function splitPostingLabels(db: Db, postingIds: readonly string[]) {
  if (postingIds.length === 0) return new Map<string, SplitPostingLabel>();
  const rows = await db
    .selectFrom("ledger_posting as p")
    .innerJoin("split_share as s", (join) =>
      join.on((eb) =>
        eb("p.idempotencyKey", "in", [
          sql<string>`'split:' || s.id || ':accept'`,
          sql<string>`'split:' || s.id || ':return'`,
        ]),
      ),
    )
    .leftJoin("release_track as t", "t.id", "s.trackId")
    .leftJoin("user as u", "u.id", "s.artistId")
    .select(["p.id", "s.email", "t.title", "t.version", "u.artistName", "u.username"])
    .where("p.id", "in", [...postingIds])
    .where("p.kind", "in", ["split-accept", "split-return"])
    .execute();
  return new Map(rows.map((r) => [r.id, r] as const));
}

export interface SplitPostingLabel {
  email: string;
  title: string | null;
  version: string | null;
  artistName: string | null;
  username: string | null;
}

/** A breakdown's dimension: the statement group's column it sums by. */
export type EarningsDimension = "saleMonth" | "store" | "country" | "track";

export interface EarningsSum {
  saleMonth?: string;
  store?: string;
  country?: string;
  trackId?: string | null;
  releaseId?: string | null;
  amountPaise: number;
  quantity: number;
}

/**
 * The artist's earnings in a range of sale months summed by one dimension,
 * in one GROUP BY over the account's entries: amounts are every entry's
 * (a reversal nets its statement out), quantities those of statements
 * still standing.
 */
export async function earningsBy(
  db: Db,
  userId: string,
  range: MonthRange,
  dimension: EarningsDimension,
): Promise<EarningsSum[]> {
  const columns =
    dimension === "track"
      ? (["g.trackId", "g.releaseId"] as const)
      : ([`g.${dimension}`] as const satisfies readonly `g.${string}`[]);
  let query = db
    .selectFrom("ledger_entry as e")
    .innerJoin("statement_group as g", "g.id", "e.groupId")
    .where("e.accountId", "=", artistAccountId(userId));
  if (range.from) query = query.where("g.saleMonth", ">=", range.from);
  if (range.to) query = query.where("g.saleMonth", "<=", range.to);
  const rows = await query
    .select((eb) => [
      ...columns,
      eb.fn.sum<string>("e.amount").as("amount"),
      eb.fn
        .sum<string>(
          eb
            .case()
            .when("g.statementId", "in", reversedStatementIds(db))
            .then(sql.lit(0))
            .when("e.postingId", "in", splitReturnPostingIds(db))
            .then(sql.lit(0))
            .else(eb.ref("g.quantity"))
            .end(),
        )
        .as("quantity"),
    ])
    .groupBy([...columns])
    .execute();
  return rows.map((row) => {
    const { amount, quantity, ...keys } = row as Record<string, string | null>;
    return { ...keys, amountPaise: wholePaise(amount), quantity: wholePaise(quantity) };
  });
}

/** A line of the earnings CSV: one statement group the artist was credited for. */
export interface EarningsLine {
  entryId: number;
  saleMonth: string;
  store: string;
  country: string;
  trackId: string | null;
  releaseId: string | null;
  quantity: number;
  amountPaise: number;
}

/**
 * The next batch of the artist's earnings lines after entry `afterId`, in
 * the order they were credited (keyset along the account's index, so each
 * batch costs its own size): the entries of statements still standing.
 */
export async function earningsLinesAfter(
  db: Db,
  userId: string,
  range: MonthRange,
  afterId: number,
  limit: number,
): Promise<EarningsLine[]> {
  let query = db
    .selectFrom("ledger_entry as e")
    .innerJoin("statement_group as g", "g.id", "e.groupId")
    .select([
      "e.id",
      "e.amount",
      "g.saleMonth",
      "g.store",
      "g.country",
      "g.trackId",
      "g.releaseId",
      "g.quantity",
    ])
    .where("e.accountId", "=", artistAccountId(userId))
    .where("e.id", ">", afterId)
    .where("g.statementId", "not in", reversedStatementIds(db));
  if (range.from) query = query.where("g.saleMonth", ">=", range.from);
  if (range.to) query = query.where("g.saleMonth", "<=", range.to);
  const rows = await query.orderBy("e.id").limit(limit).execute();
  return rows.map((row) => ({
    entryId: row.id,
    saleMonth: row.saleMonth,
    store: row.store,
    country: row.country,
    trackId: row.trackId,
    releaseId: row.releaseId,
    quantity: wholePaise(row.quantity),
    amountPaise: wholePaise(row.amount),
  }));
}

/** Track titles and ISRCs by id, for a breakdown's or a CSV batch's tracks. */
export async function tracksByIds(
  db: Db,
  ids: readonly string[],
): Promise<{ id: string; title: string; version: string; isrc: string; songId: string | null }[]> {
  if (ids.length === 0) return [];
  return db
    .selectFrom("release_track")
    .select(["id", "title", "version", "isrc", "songId"])
    .where("id", "in", [...ids])
    .execute();
}

/** Release titles and UPCs by id (a release sale has no track). */
export async function releasesByIds(
  db: Db,
  ids: readonly string[],
): Promise<{ id: string; title: string; upc: string }[]> {
  if (ids.length === 0) return [];
  return db
    .selectFrom("release")
    .select(["id", "title", "upc"])
    .where("id", "in", [...ids])
    .execute();
}

/** A song's owner, and the release tracks made into it. */
export async function songWithTracks(
  db: Db,
  songId: string,
): Promise<{ artistId: string; trackIds: string[] } | undefined> {
  const song = await db
    .selectFrom("song_request")
    .select("artistId")
    .where("id", "=", songId)
    .executeTakeFirst();
  if (!song) return undefined;
  const tracks = await db
    .selectFrom("release_track")
    .select("id")
    .where("songId", "=", songId)
    .execute();
  return { artistId: song.artistId, trackIds: tracks.map((t) => t.id) };
}

/** Whether this user exists and is an artist (not an agent). */
export async function isArtist(db: Db, userId: string): Promise<boolean> {
  const row = await db
    .selectFrom("user")
    .select("admin")
    .where("id", "=", userId)
    .executeTakeFirst();
  return row !== undefined && !row.admin;
}

/** Who an earnings email goes to. */
export function artistContact(db: Db, userId: string) {
  return db
    .selectFrom("user")
    .select(["id", "email", "artistName", "username"])
    .where("id", "=", userId)
    .executeTakeFirst();
}
