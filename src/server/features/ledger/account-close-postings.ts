import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import type { Database } from "../../db/schema";
import { byCodeUnit } from "../../../shared/code-unit-order";
import { LABEL_ACCOUNT, artistAccountId } from "./ledger-accounts";
import {
  addToBalance,
  ensureAccounts,
  goneUserIds,
  insertEntryRows,
  insertMoneyPostings,
  lockAccountRows,
  lockedAccountBalance,
} from "./withdrawal-ledger-repository";

/*
 * A deleted account's wallet (decision 135): whatever is left on it, the
 * artist having agreed to give it up, goes to the label in one posting with
 * its own idempotency key, in the deletion's transaction:
 *
 *   close  artist −balance · label +balance   (account:USER:close)
 *
 * A negative balance (a reversal after a withdrawal) closes the same way:
 * the label takes the loss. A posting that moves a deleted account later
 * (a statement previewed before the deletion and imported after it, a
 * reversal of an earlier one) is followed by another close, keyed by that
 * posting. No account is left holding money for no one.
 */

type Db = Kysely<Database>;

export const accountCloseKey = (userId: string) => `account:${userId}:close`;

/** The artist's balance, its row locked for the rest of the caller's transaction. */
export function lockedArtistBalance(trx: Db, userId: string): Promise<number> {
  return lockedAccountBalance(trx, artistAccountId(userId));
}

/** Moves the artist's whole balance to the label; answers what moved (0: nothing to post). */
export async function postAccountClose(
  trx: Db,
  userId: string,
  now: number,
  key = accountCloseKey(userId),
): Promise<number> {
  const artist = artistAccountId(userId);
  const balance = await lockedAccountBalance(trx, artist);
  if (balance === 0) return 0;
  const postingId = randomUUID();
  const inserted = await insertMoneyPostings(trx, [
    {
      id: postingId,
      idempotencyKey: key,
      kind: "account-close",
      by: null,
      now,
    },
  ]);
  if (inserted === 0) return 0;
  await ensureAccounts(trx, [{ id: LABEL_ACCOUNT, kind: "label", ownerId: null }], now);
  // The artist's row first, then the label's: by id, as a statement's import takes them.
  await addToBalance(trx, artist, -balance);
  await addToBalance(trx, LABEL_ACCOUNT, balance);
  await insertEntryRows(trx, [
    { postingId, accountId: artist, amount: -balance, now },
    { postingId, accountId: LABEL_ACCOUNT, amount: balance, now },
  ]);
  return balance;
}

/**
 * Locks these artists' accounts in id order, the order a statement's import
 * takes them: a deletion that will move more than one (the user's own, and
 * a track's artist receiving held money back) never deadlocks with it.
 */
export async function lockArtistAccounts(trx: Db, userIds: readonly string[]): Promise<void> {
  const ids = [...new Set(userIds.map(artistAccountId))].sort(byCodeUnit);
  await lockAccountRows(trx, ids);
}

/**
 * Makes these artists' accounts exist before they are locked: a lock finds
 * no row to take for one never credited, and a posting that made it later
 * in the step could wait for an import's uncommitted insert of it while
 * holding the others, which that import needs next (decision 137).
 */
export async function ensureArtistAccounts(trx: Db, userIds: readonly string[], now: number) {
  // By user id, which is the accounts' order too ("artist:" + id).
  const owners = [...new Set(userIds)].sort(byCodeUnit);
  if (owners.length === 0) return;
  await ensureAccounts(
    trx,
    owners.map((ownerId) => ({ id: artistAccountId(ownerId), kind: "artist", ownerId })),
    now,
  );
}

/** Of a posting's artists, those whose account was deleted: each to be closed again. */
export function goneArtists(trx: Db, artistIds: readonly string[]): Promise<string[]> {
  return artistIds.length === 0 ? Promise.resolve([]) : goneUserIds(trx, artistIds);
}

/** Closes these deleted accounts again after a posting that moved them. */
export async function closeGone(
  trx: Db,
  gone: readonly string[],
  postingId: string,
  now: number,
): Promise<void> {
  for (const userId of gone) {
    await postAccountClose(trx, userId, now, `${accountCloseKey(userId)}:${postingId}`);
  }
}
