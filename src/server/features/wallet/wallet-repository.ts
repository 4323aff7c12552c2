import { sql, type Kysely } from "kysely";
import type { Database } from "../../db/schema";
import type { MonthRange } from "./earnings-period";
import { artistAccountId, wholePaise } from "./account-repository";

// What the artist earned, by dimension and line, and the tracks, releases
// and songs those lines name.

type Db = Kysely<Database>;

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

/**
 * A line of the earnings CSV: one credit of a statement group. A group
 * credited twice (the statement's credit, then a share returned to the
 * artist) shows its quantity on the first line only, as the breakdown
 * counts it: the amounts add up to the earnings, the quantities to the
 * streams.
 */
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
 * batch costs its own size): the entries of statements still standing,
 * a returned share's with quantity 0 (its group's streams were counted).
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
    .select((eb) => [
      "e.id",
      "e.amount",
      "g.saleMonth",
      "g.store",
      "g.country",
      "g.trackId",
      "g.releaseId",
      eb
        .case()
        .when("e.postingId", "in", splitReturnPostingIds(db))
        .then(sql.lit(0))
        .else(eb.ref("g.quantity"))
        .end()
        .as("quantity"),
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
