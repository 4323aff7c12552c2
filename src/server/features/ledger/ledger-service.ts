import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import type { Database } from "../../db/schema";
import { closeGone, goneArtists } from "./account-close-postings";
import { LABEL_ACCOUNT, postingKeys, type StatementPostingKind } from "./ledger-accounts";
import {
  artistBalances,
  artistsOfPosting,
  balancesDisagreeing,
  ensureStatementAccounts,
  insertAssignmentEntries,
  insertPosting,
  insertReversalEntries,
  insertStatementEntries,
  postingSum,
  postingsUnbalanced,
  statementLedgerSums,
} from "./ledger-repository";
import { statementLeftovers } from "./reversal-check-repository";
import { lockStatementShares, recordPostingShares } from "./share-lock-repository";
import {
  addToBalancesInIdOrder,
  applyPostingToBalances,
  artistOwnersOf,
  entrySumsSince,
  insertStoresEntry,
  lastEntryId,
  statementGroupsTotal,
  type GroupCodes,
} from "./ledger-range-repository";

/*
 * The ledger (architecture 6b, decision 106): the only writer of its tables.
 * Each money step is one posting with an idempotency key whose entries sum
 * to zero, and the balances it moves change in the same transaction: the
 * caller's, so the statement's own state moves with the money or not at all.
 */

type Db = Kysely<Database>;

/** A committed posting: what `ledger.posted` announces. */
export interface Posted {
  postingId: string;
  kind: StatementPostingKind;
  statementId: string;
  artistIds: string[];
}

interface Step {
  statementId: string;
  /** Who pressed the button; null for the CLI's own steps. */
  by: string | null;
  now: number;
}

/** Entries whose sum is not zero roll the whole step back. */
export class UnbalancedPostingError extends Error {}

async function post(
  trx: Db,
  key: string,
  kind: StatementPostingKind,
  step: Step,
  writeEntries: (postingId: string) => Promise<void>,
): Promise<Posted | null> {
  const postingId = randomUUID();
  const inserted = await insertPosting(trx, {
    id: postingId,
    idempotencyKey: key,
    kind,
    statementId: step.statementId,
    createdBy: step.by,
    now: step.now,
  });
  if (!inserted) return null;
  await writeEntries(postingId);
  const sum = await postingSum(trx, postingId);
  if (sum !== 0) throw new UnbalancedPostingError(`posting ${key} sums to ${sum}, not 0`);
  const artistIds = await artistsOfPosting(trx, postingId);
  // The label's row in order too: a deleted artist's account is closed to it after.
  await applyPostingToBalances(trx, postingId, artistIds.length > 0 ? [LABEL_ACCOUNT] : []);
  // Who is gone, read once the rows are ours: a deletion we waited for has committed.
  await closeGone(trx, await goneArtists(trx, artistIds), postingId, step.now);
  return { postingId, kind, statementId: step.statementId, artistIds };
}

/** Locks the live shares of the statement's tracks (or one code's) and records them as the posting's to pay. */
async function takeSharesToPay(trx: Db, postingId: string, statementId: string, code?: string) {
  const shareIds = await lockStatementShares(trx, statementId, { code, live: true });
  await recordPostingShares(trx, postingId, shareIds);
}

/** A statement's import being posted, range by range, in the caller's transaction. */
export interface StatementPosting {
  /** Posts the entries of one range of the statement's groups. */
  addGroups(codes: GroupCodes): Promise<void>;
  /** Takes `totalPaise` from the stores, checks the sum and moves the balances. */
  finish(totalPaise: number): Promise<Posted>;
}

/** Artist accounts per `in (…)` list. */
const OWNER_CHUNK = 500;

/**
 * Starts crediting a statement from its groups (decision 110): the posting
 * is recorded first (null when its key was already posted), then its entries
 * range by range, each range's sums per account read back from the entries
 * just written (never a scan of the whole posting), so a million-line
 * statement is many short statements in one transaction.
 */
export async function beginStatementImport(trx: Db, step: Step): Promise<StatementPosting | null> {
  const postingId = randomUUID();
  const key = postingKeys.import(step.statementId);
  const inserted = await insertPosting(trx, {
    id: postingId,
    idempotencyKey: key,
    kind: "statement",
    statementId: step.statementId,
    createdBy: step.by,
    now: step.now,
  });
  if (!inserted) return null;
  // Splits (issue 47): an accept or a save of these shares commits wholly before or after.
  await takeSharesToPay(trx, postingId, step.statementId);
  const sums = new Map<string, number>();
  const add = (accountId: string, total: number) =>
    sums.set(accountId, (sums.get(accountId) ?? 0) + total);
  return {
    async addGroups(codes) {
      await ensureStatementAccounts(trx, postingId, step.statementId, step.now, codes);
      const before = await lastEntryId(trx);
      await insertStatementEntries(trx, postingId, step.statementId, step.now, codes);
      for (const row of await entrySumsSince(trx, postingId, before)) add(row.accountId, row.total);
    },
    async finish(totalPaise) {
      if (totalPaise !== 0) {
        await insertStoresEntry(trx, postingId, -totalPaise, step.now);
        add("stores", -totalPaise);
      }
      const sum = [...sums.values()].reduce((a, b) => a + b, 0);
      if (sum !== 0) throw new UnbalancedPostingError(`posting ${key} sums to ${sum}, not 0`);
      const moved = [...sums].filter(([, total]) => total !== 0);
      const artistIds: string[] = [];
      for (let i = 0; i < moved.length; i += OWNER_CHUNK) {
        const ids = moved.slice(i, i + OWNER_CHUNK).map(([id]) => id);
        artistIds.push(...(await artistOwnersOf(trx, ids)));
      }
      // The label's row in order too: a deleted artist's account is closed to it after.
      if (artistIds.length > 0 && !moved.some(([id]) => id === LABEL_ACCOUNT)) {
        moved.push([LABEL_ACCOUNT, 0]);
      }
      await addToBalancesInIdOrder(trx, moved);
      // Who is gone, read once the rows are ours: a deletion we waited for has committed.
      await closeGone(trx, await goneArtists(trx, artistIds), postingId, step.now);
      return { postingId, kind: "statement", statementId: step.statementId, artistIds };
    },
  };
}

/** Credits a statement from all its groups at once, in the caller's transaction (small statements, fixtures). */
export async function postStatementImport(trx: Db, step: Step): Promise<Posted | null> {
  const posting = await beginStatementImport(trx, step);
  if (!posting) return null;
  await posting.addGroups({ after: null, upTo: null });
  return posting.finish(await statementGroupsTotal(trx, step.statementId));
}

/** Posts the opposite of every entry of the statement (its import and assignments). */
export async function postStatementReversal(trx: Db, step: Step): Promise<Posted | null> {
  return post(trx, postingKeys.reverse(step.statementId), "reversal", step, async (postingId) => {
    await lockStatementShares(trx, step.statementId, { live: false });
    await insertReversalEntries(trx, postingId, step.statementId, step.now);
  });
}

/** Moves one code's groups, now matched, from the unmatched account to the artist and the label. */
export async function postAssignment(
  trx: Db,
  step: Step & { code: string },
): Promise<Posted | null> {
  const key = postingKeys.assign(step.statementId, step.code);
  return post(trx, key, "assignment", step, async (postingId) => {
    await takeSharesToPay(trx, postingId, step.statementId, step.code);
    await ensureStatementAccounts(trx, postingId, step.statementId, step.now);
    await insertAssignmentEntries(trx, postingId, step.statementId, step.code, step.now);
  });
}

/** Artists' balances in paise (0 for an artist never credited). */
export async function balancesOf(db: Db, artistIds: readonly string[]) {
  return artistBalances(db, artistIds);
}

/** What a statement's postings credited per account kind (artist, label, unmatched, stores). */
export async function statementCredits(db: Db, statementId: string) {
  return statementLedgerSums(db, statementId);
}

/**
 * What a reversed statement's postings (and the split moves of its groups)
 * leave per account: nothing, unless money was posted after its reversal.
 */
export async function reversedStatementLeftovers(db: Db, statementId: string) {
  return statementLeftovers(db, statementId);
}

/** Every disagreement inside the ledger, one sentence each: none when it is sound. */
export async function ledgerProblems(db: Db): Promise<string[]> {
  const problems: string[] = [];
  for (const a of await balancesDisagreeing(db)) {
    problems.push(`Account ${a.id}: balance ${a.balance} paise, its entries sum to ${a.entries}.`);
  }
  for (const p of await postingsUnbalanced(db)) {
    problems.push(`Posting ${p.key}: its entries sum to ${p.total} paise, not 0.`);
  }
  return problems;
}
