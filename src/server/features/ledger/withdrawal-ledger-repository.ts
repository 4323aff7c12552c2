import { sql, type Kysely } from "kysely";
import type { Database } from "../../db/schema";
import { paiseFromDb } from "../../../shared/paise";

/*
 * The SQL of the withdrawal postings (issue 47), beside the statements'
 * (ledger-repository.ts): every write runs in the caller's transaction.
 * The artist's debit is a conditional update, so no interleaving of
 * requests can take a balance below zero.
 */

type Db = Kysely<Database>;

export interface LedgerAccountRef {
  id: string;
  kind: string;
  ownerId: string | null;
}

export async function ensureAccounts(db: Db, accounts: readonly LedgerAccountRef[], now: number) {
  await db
    .insertInto("ledger_account")
    .values(accounts.map((a) => ({ ...a, balance: 0, createdAt: now })))
    .onConflict((oc) => oc.column("id").doNothing())
    .execute();
}

/** Records the posting; false when its key was already posted (a retry: post nothing). */
export async function insertMoneyPosting(
  db: Db,
  posting: { id: string; idempotencyKey: string; kind: string; by: string | null; now: number },
): Promise<boolean> {
  const result = await db
    .insertInto("ledger_posting")
    .values({
      id: posting.id,
      idempotencyKey: posting.idempotencyKey,
      kind: posting.kind,
      statementId: null,
      createdBy: posting.by,
      createdAt: posting.now,
    })
    .onConflict((oc) => oc.column("idempotencyKey").doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

export async function insertEntries(
  db: Db,
  postingId: string,
  entries: readonly { accountId: string; amount: number }[],
  now: number,
): Promise<void> {
  const rows = entries
    .filter((e) => e.amount !== 0)
    .map((e) => ({
      postingId,
      accountId: e.accountId,
      amount: e.amount,
      groupId: null,
      createdAt: now,
    }));
  if (rows.length > 0) await db.insertInto("ledger_entry").values(rows).execute();
}

/** Takes the amount from the account only when it holds at least that much. */
export async function debitIfCovered(db: Db, accountId: string, amount: number): Promise<boolean> {
  const result = await db
    .updateTable("ledger_account")
    .set({ balance: sql`balance - ${sql.val(amount)}` })
    .where("id", "=", accountId)
    .where("balance", ">=", amount)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Moves a balance by the amount (+ credits). */
export async function addToBalance(db: Db, accountId: string, amount: number): Promise<void> {
  if (amount === 0) return;
  await db
    .updateTable("ledger_account")
    .set({ balance: sql`balance + ${sql.val(amount)}` })
    .where("id", "=", accountId)
    .execute();
}

/** What the posting's entries add up to: zero, or the posting is wrong. */
export async function entriesSum(db: Db, postingId: string): Promise<number> {
  const row = await db
    .selectFrom("ledger_entry")
    .select((eb) => eb.fn.sum<number | string>("amount").as("total"))
    .where("postingId", "=", postingId)
    .executeTakeFirst();
  return paiseFromDb(row?.total);
}

/** An account's balance in paise (0 when it does not exist yet). */
export async function accountBalance(db: Db, accountId: string): Promise<number> {
  const row = await db
    .selectFrom("ledger_account")
    .select("balance")
    .where("id", "=", accountId)
    .executeTakeFirst();
  return paiseFromDb(row?.balance);
}

/** What the withdrawal rows say the withdrawal accounts should hold (paise). */
export async function withdrawalSumsByState(db: Db) {
  const rows = await db
    .selectFrom("withdrawal")
    .select((eb) => [
      "state",
      eb.fn.sum<number | string>("netPaise").as("net"),
      eb.fn.sum<number | string>("tdsPaise").as("tds"),
      eb.fn.countAll<number | string>().as("n"),
    ])
    .groupBy("state")
    .execute();
  return new Map(
    rows.map((r) => [
      r.state,
      { net: paiseFromDb(r.net), tds: paiseFromDb(r.tds), count: Number(r.n) },
    ]),
  );
}

/** Withdrawals whose state lacks its posting (`withdrawal:ID:request|paid|failed`). */
export async function withdrawalsWithoutPostings(db: Db) {
  const rows = await sql<{ id: string; state: string }>`
    select w.id, w.state from withdrawal w
    where not exists (select 1 from ledger_posting p where p."idempotencyKey" = 'withdrawal:' || w.id || ':request')
       or (w.state = 'paid' and not exists (
             select 1 from ledger_posting p where p."idempotencyKey" = 'withdrawal:' || w.id || ':paid'))
       or (w.state = 'failed' and not exists (
             select 1 from ledger_posting p where p."idempotencyKey" = 'withdrawal:' || w.id || ':failed'))
    order by w.id
  `.execute(db);
  return rows.rows;
}
