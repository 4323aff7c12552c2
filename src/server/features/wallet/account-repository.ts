import { sql, type Kysely } from "kysely";
import type { Database } from "../../db/schema";
import { paiseFromDb } from "../../../shared/paise";
import { compiledQueryCache } from "../../db/compiled-query-cache";

// The artist's account: its balance and last credit, and the postings on it
// (Recent Transactions) with what names them.

type Db = Kysely<Database>;

/** The ledger account that holds an artist's available balance. */
export const artistAccountId = (userId: string): string => `artist:${userId}`;

/** A sum read back from the engine as whole paise, exactly (shared/paise.ts). */
export const wholePaise = paiseFromDb;

const hotQuery = compiledQueryCache<Database>();

/**
 * The artist's balance in paise (0 before any credit) and the last credit,
 * in one statement compiled once: the wallet's summary is asked on every
 * visit and after every step, and is read fresh, never kept (decision 115).
 * No account means no credit yet.
 */
export async function balanceAndLastCreditOf(
  db: Db,
  userId: string,
): Promise<{ balancePaise: number; lastCredit: { postingId: string; at: number } | undefined }> {
  const rows = await hotQuery(
    db,
    "wallet-balance-and-last-credit",
    (slot) =>
      db
        .selectFrom("ledger_account as a")
        .leftJoin("ledger_posting as credit", (join) =>
          join.on("credit.id", "=", lastCreditId(db, slot("account"))),
        )
        .select(["a.balance", "credit.id as postingId", "credit.createdAt as at"])
        .where("a.id", "=", slot("account")),
    { account: artistAccountId(userId) },
  );
  const row = rows[0];
  return {
    balancePaise: wholePaise(row?.balance),
    lastCredit:
      row?.postingId != null && row.at != null
        ? { postingId: row.postingId, at: row.at }
        : undefined,
  };
}

/**
 * The newest posting that credited the account (a statement or an
 * assignment, never a reversal): read backwards along the account's index.
 */
function lastCreditId(db: Db, accountId: string) {
  return db
    .selectFrom("ledger_entry as e")
    .innerJoin("ledger_posting as p", "p.id", "e.postingId")
    .select("p.id")
    .where("e.accountId", "=", accountId)
    .where("e.amount", ">", 0)
    .where("p.kind", "<>", "reversal")
    .orderBy("e.id", "desc")
    .limit(1);
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
