import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import type { Database } from "../../db/schema";
import {
  artistAccountId,
  postingKeys,
  splitHeldAccountId,
  type SplitPostingKind,
} from "./ledger-accounts";
import { insertPosting, postingSum } from "./ledger-repository";
import { applyPostingToBalances } from "./ledger-range-repository";
import { ensureAccounts } from "./withdrawal-ledger-repository";
import {
  heldBalances,
  heldOfAnsweredShares,
  insertHeldMoveEntries,
  postingAmountOn,
} from "./split-ledger-repository";
import { lockSharesInIdOrder } from "./share-lock-repository";

/*
 * A split share's held money (issue 47) leaves its account in one posting
 * with its own idempotency key, in the caller's transaction (the one that
 * changes the share's state, so both happen or neither):
 *
 *   accept  split:SHARE −held · artist:COLLABORATOR +held   (split:SHARE:accept)
 *   return  split:SHARE −held · artist:ARTIST +held          (split:SHARE:return)
 *
 * Entries keep their statement group, so earnings by track, store, country
 * and month follow the money, and a later reversal finds where it went.
 */

type Db = Kysely<Database>;

/**
 * Locks these shares in the one order every step takes them (decision 137),
 * before any ledger row: the splits feature's saves and deletions call it.
 */
export async function lockShares(trx: Db, shareIds: readonly string[]): Promise<void> {
  await lockSharesInIdOrder(trx, shareIds);
}

export interface HeldMove {
  shareId: string;
  /** The collaborator (accept) or the artist (return): whose wallet receives. */
  toUserId: string;
  by: string | null;
  now: number;
}

export interface HeldMoved {
  postingId: string;
  kind: SplitPostingKind;
  movedPaise: number;
}

export class UnbalancedSplitPostingError extends Error {}

async function move(trx: Db, kind: SplitPostingKind, move: HeldMove): Promise<HeldMoved | null> {
  const key =
    kind === "split-accept"
      ? postingKeys.splitAccept(move.shareId)
      : postingKeys.splitReturn(move.shareId);
  const postingId = randomUUID();
  const inserted = await insertPosting(trx, {
    id: postingId,
    idempotencyKey: key,
    kind,
    statementId: null,
    createdBy: move.by,
    now: move.now,
  });
  if (!inserted) return null;
  const to = artistAccountId(move.toUserId);
  await ensureAccounts(trx, [{ id: to, kind: "artist", ownerId: move.toUserId }], move.now);
  await insertHeldMoveEntries(trx, postingId, splitHeldAccountId(move.shareId), to, move.now);
  const sum = await postingSum(trx, postingId);
  if (sum !== 0) throw new UnbalancedSplitPostingError(`posting ${key} sums to ${sum}, not 0`);
  await applyPostingToBalances(trx, postingId);
  return { postingId, kind, movedPaise: await postingAmountOn(trx, postingId, to) };
}

/** The collaborator accepted: what was held moves to their wallet. Null: already moved. */
export function postSplitAccept(trx: Db, accept: HeldMove): Promise<HeldMoved | null> {
  return move(trx, "split-accept", accept);
}

/** Declined, expired or removed: what was held returns to the artist. Null: already returned. */
export function postSplitReturn(trx: Db, back: HeldMove): Promise<HeldMoved | null> {
  return move(trx, "split-return", back);
}

/** What is held now for each of these shares, in paise. */
export function heldOf(db: Db, shareIds: readonly string[]) {
  return heldBalances(db, shareIds);
}

/** What `ledger-check` adds for splits: no money held for a share no longer invited. */
export async function splitProblems(db: Db): Promise<string[]> {
  return (await heldOfAnsweredShares(db)).map(
    (a) =>
      `Account ${a.id}: holds ${a.balance} paise for a share ${a.state ?? "that does not exist"}.`,
  );
}
