import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import type { Database } from "../../db/schema";
import {
  accountBalance,
  addToBalance,
  debitIfCovered,
  ensureAccounts,
  entriesSum,
  insertEntries,
  insertMoneyPosting,
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

const FIXED = [
  { id: WITHDRAWALS_ACCOUNT, kind: "withdrawals", ownerId: null },
  { id: TDS_PAYABLE_ACCOUNT, kind: "tds_payable", ownerId: null },
  { id: PAID_OUT_ACCOUNT, kind: "paid_out", ownerId: null },
];

async function post(
  trx: Db,
  key: string,
  kind: WithdrawalPostingKind,
  money: WithdrawalMoney,
  entries: { accountId: string; amount: number }[],
): Promise<string | null> {
  const postingId = randomUUID();
  const inserted = await insertMoneyPosting(trx, {
    id: postingId,
    idempotencyKey: key,
    kind,
    by: money.by,
    now: money.now,
  });
  if (!inserted) return null;
  await ensureAccounts(
    trx,
    [...FIXED, { id: artistAccount(money.artistId), kind: "artist", ownerId: money.artistId }],
    money.now,
  );
  await insertEntries(trx, postingId, entries, money.now);
  const sum = await entriesSum(trx, postingId);
  if (sum !== 0) throw new UnbalancedWithdrawalError(`posting ${key} sums to ${sum}, not 0`);
  for (const entry of entries) {
    // The artist's debit is the one that must never overdraw: conditional.
    if (entry.accountId === artistAccount(money.artistId) && entry.amount < 0) {
      if (!(await debitIfCovered(trx, entry.accountId, -entry.amount))) {
        throw new BalanceTooLowError(`the balance does not cover ${-entry.amount} paise`);
      }
    } else {
      await addToBalance(trx, entry.accountId, entry.amount);
    }
  }
  return postingId;
}

/** The amount leaves the artist's balance: in flight less its TDS, and the TDS owed. */
export function postWithdrawalRequest(trx: Db, money: WithdrawalMoney): Promise<string | null> {
  const net = money.amountPaise - money.tdsPaise;
  return post(trx, withdrawalPostingKeys.request(money.withdrawalId), "withdrawal", money, [
    { accountId: artistAccount(money.artistId), amount: -money.amountPaise },
    { accountId: WITHDRAWALS_ACCOUNT, amount: net },
    { accountId: TDS_PAYABLE_ACCOUNT, amount: money.tdsPaise },
  ]);
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

/** The artist's available balance in paise. */
export function availableBalanceOf(db: Db, artistId: string): Promise<number> {
  return accountBalance(db, artistAccount(artistId));
}
