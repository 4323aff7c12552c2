import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import { byCodeUnit } from "../../../shared/code-unit-order";
import type { Database } from "../../db/schema";
import {
  accountBalances,
  addToBalance,
  debitEachIfCovered,
  ensureAccounts,
  insertEntryRows,
  insertMoneyPostings,
  type LedgerAccountRef,
} from "./withdrawal-ledger-repository";

/*
 * Withdrawals in the ledger (issue 47, architecture 6b). Three postings per
 * withdrawal, each with its own idempotency key, entries summing to zero and
 * balances moved in the caller's transaction:
 *
 *   request  artist −amount · withdrawals +net · tds_payable +tds
 *   paid     withdrawals −net · paid_out +net
 *   failed   withdrawals −net · tds_payable −tds · artist +amount
 *
 * `withdrawals` holds what is in flight to the artists' banks, `tds_payable`
 * the TDS owed to the income-tax department, `paid_out` what left the bank.
 */

type Db = Kysely<Database>;

export const WITHDRAWALS_ACCOUNT = "withdrawals";
export const TDS_PAYABLE_ACCOUNT = "tds_payable";
export const PAID_OUT_ACCOUNT = "paid_out";
const artistAccount = (artistId: string) => `artist:${artistId}`;

export type WithdrawalPostingKind = "withdrawal" | "withdrawal-paid" | "withdrawal-failed";

export const withdrawalPostingKeys = {
  request: (withdrawalId: string) => `withdrawal:${withdrawalId}:request`,
  paid: (withdrawalId: string) => `withdrawal:${withdrawalId}:paid`,
  failed: (withdrawalId: string) => `withdrawal:${withdrawalId}:failed`,
};

export interface WithdrawalMoney {
  withdrawalId: string;
  artistId: string;
  amountPaise: number;
  tdsPaise: number;
  /** Who pressed the button. */
  by: string;
  now: number;
}

/** The artist's balance was smaller than the withdrawal: nothing was posted. */
export class BalanceTooLowError extends Error {}
export class UnbalancedWithdrawalError extends Error {}

/** The shared accounts, in id order: the order every posting takes their rows in. */
const FIXED: readonly LedgerAccountRef[] = [
  { id: WITHDRAWALS_ACCOUNT, kind: "withdrawals", ownerId: null },
  { id: TDS_PAYABLE_ACCOUNT, kind: "tds_payable", ownerId: null },
  { id: PAID_OUT_ACCOUNT, kind: "paid_out", ownerId: null },
].sort((a, b) => byCodeUnit(a.id, b.id));
const isShared = (accountId: string) => FIXED.some((a) => a.id === accountId);

const accountRef = (accountId: string, artistId: string): LedgerAccountRef =>
  FIXED.find((a) => a.id === accountId) ?? { id: accountId, kind: "artist", ownerId: artistId };

type Entry = { accountId: string; amount: number };

/** A posting's entries must sum to zero; checked before anything is written. */
function checkBalanced(key: string, entries: readonly Entry[]) {
  const sum = entries.reduce((total, e) => total + e.amount, 0);
  if (sum !== 0) throw new UnbalancedWithdrawalError(`posting ${key} sums to ${sum}, not 0`);
}

/**
 * Credits (or moves) an account that may not exist yet: its row is made
 * only when the update found none, so the usual posting pays no insert,
 * and money is never added to an account that is not there.
 */
async function addToAccount(trx: Db, account: LedgerAccountRef, amount: number, now: number) {
  if (await addToBalance(trx, account.id, amount)) return;
  await ensureAccounts(trx, [account], now);
  if (!(await addToBalance(trx, account.id, amount))) {
    throw new Error(`ledger account ${account.id} could not be moved`);
  }
}

async function post(
  trx: Db,
  key: string,
  kind: WithdrawalPostingKind,
  money: WithdrawalMoney,
  entries: Entry[],
): Promise<string | null> {
  checkBalanced(key, entries);
  const postingId = randomUUID();
  const inserted = await insertMoneyPostings(trx, [
    { id: postingId, idempotencyKey: key, kind, by: money.by, now: money.now },
  ]);
  if (inserted === 0) return null;
  // By account: every posting takes the shared accounts' rows in one order,
  // so two never deadlock. (Paid and failed never debit an artist.)
  const ordered = [...entries].sort((a, b) => byCodeUnit(a.accountId, b.accountId));
  for (const entry of ordered) {
    if (entry.amount === 0) continue;
    await addToAccount(trx, accountRef(entry.accountId, money.artistId), entry.amount, money.now);
  }
  // After the balances: an account made just now is there for its entries.
  await insertEntryRows(
    trx,
    entries.filter((e) => e.amount !== 0).map((e) => ({ ...e, postingId, now: money.now })),
  );
  return postingId;
}

/** A request: the amount leaves the artist's balance, its net goes in flight, its TDS is owed. */
function requestEntries(money: WithdrawalMoney): Entry[] {
  return [
    { accountId: artistAccount(money.artistId), amount: -money.amountPaise },
    { accountId: WITHDRAWALS_ACCOUNT, amount: money.amountPaise - money.tdsPaise },
    { accountId: TDS_PAYABLE_ACCOUNT, amount: money.tdsPaise },
  ].filter((e) => e.amount !== 0);
}

/**
 * A burst of requests posted together, in a few statements whatever their
 * number (architecture 6b: set-based): one insert of the postings, one
 * conditional debit of every artist, one insert of the artists' entries,
 * then one move per shared account by the sum of its entries and one insert
 * of theirs. The shared accounts come last so that a transaction holds
 * their rows (which every request moves) only for its last statements and
 * its commit: the next burst's transaction does everything else meanwhile.
 * Throws BalanceTooLowError when any artist's balance does not cover their
 * amount; the caller's transaction must then be rolled back (the caller
 * tries each request alone to find which).
 */
export async function postWithdrawalRequests(
  trx: Db,
  requests: readonly WithdrawalMoney[],
): Promise<void> {
  const posted = requests.map((money) => {
    const key = withdrawalPostingKeys.request(money.withdrawalId);
    const entries = requestEntries(money);
    checkBalanced(key, entries);
    return { money, entries, posting: { id: randomUUID(), idempotencyKey: key } };
  });
  const inserted = await insertMoneyPostings(
    trx,
    posted.map(({ money, posting }) => ({
      ...posting,
      kind: "withdrawal",
      by: money.by,
      now: money.now,
    })),
  );
  if (inserted !== posted.length) throw new Error("a withdrawal request was already posted");
  const taken = await debitEachIfCovered(
    trx,
    requests.map((money) => ({
      accountId: artistAccount(money.artistId),
      amount: money.amountPaise,
    })),
  );
  if (taken !== requests.length) {
    throw new BalanceTooLowError("a balance does not cover its withdrawal");
  }
  const rows = posted.flatMap(({ money, entries, posting }) =>
    entries.map((e) => ({ ...e, postingId: posting.id, now: money.now })),
  );
  await insertEntryRows(
    trx,
    rows.filter((e) => !isShared(e.accountId)),
  );
  // The shared accounts once per burst, by the sum of their entries, in id order (see post()).
  for (const account of FIXED) {
    const moved = rows.reduce((sum, e) => (e.accountId === account.id ? sum + e.amount : sum), 0);
    if (moved !== 0) await addToAccount(trx, account, moved, rows[0]!.now);
  }
  // After their balances: an account made just now is there for its entries.
  await insertEntryRows(
    trx,
    rows.filter((e) => isShared(e.accountId)),
  );
}

/** The bank paid the artist: the in-flight money is paid out. */
export function postWithdrawalPaid(trx: Db, money: WithdrawalMoney): Promise<string | null> {
  const net = money.amountPaise - money.tdsPaise;
  return post(trx, withdrawalPostingKeys.paid(money.withdrawalId), "withdrawal-paid", money, [
    { accountId: WITHDRAWALS_ACCOUNT, amount: -net },
    { accountId: PAID_OUT_ACCOUNT, amount: net },
  ]);
}

/** The payment failed: the whole amount returns to the artist and its TDS is undone. */
export function postWithdrawalFailed(trx: Db, money: WithdrawalMoney): Promise<string | null> {
  const net = money.amountPaise - money.tdsPaise;
  return post(trx, withdrawalPostingKeys.failed(money.withdrawalId), "withdrawal-failed", money, [
    { accountId: WITHDRAWALS_ACCOUNT, amount: -net },
    { accountId: TDS_PAYABLE_ACCOUNT, amount: -money.tdsPaise },
    { accountId: artistAccount(money.artistId), amount: money.amountPaise },
  ]);
}

/** Several artists' available balances (paise), in their order. */
export async function availableBalancesOf(db: Db, artistIds: readonly string[]): Promise<number[]> {
  const balances = await accountBalances(db, artistIds.map(artistAccount));
  return artistIds.map((id) => balances.get(artistAccount(id)) ?? 0);
}
