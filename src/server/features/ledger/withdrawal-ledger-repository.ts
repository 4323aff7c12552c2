import { sql, type Kysely } from "kysely";
import type { Database } from "../../db/schema";
import { paiseFromDb } from "../../../shared/paise";
import { compiledQueryCache } from "../../db/compiled-query-cache";

/*
 * The SQL of the withdrawal postings (issue 47), beside the statements'
 * (ledger-repository.ts): every write runs in the caller's transaction.
 * The artist's debit is a conditional update, so no interleaving of
 * requests can take a balance below zero.
 */

type Db = Kysely<Database>;

/** A withdrawal's statements, each compiled once (a burst of presses, issue 47's speed). */
const hotQuery = compiledQueryCache<Database>();

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

/** A burst's postings in one insert; how many were new (all of them, unless a key repeats). */
export async function insertMoneyPostings(
  db: Db,
  postings: readonly {
    id: string;
    idempotencyKey: string;
    kind: string;
    by: string | null;
    now: number;
  }[],
): Promise<number> {
  const result = await db
    .insertInto("ledger_posting")
    .values(
      postings.map((p) => ({
        id: p.id,
        idempotencyKey: p.idempotencyKey,
        kind: p.kind,
        statementId: null,
        createdBy: p.by,
        createdAt: p.now,
      })),
    )
    .onConflict((oc) => oc.column("idempotencyKey").doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0);
}

/** A burst's entries (none of them zero) in one insert. */
export async function insertEntryRows(
  db: Db,
  rows: readonly { postingId: string; accountId: string; amount: number; now: number }[],
): Promise<void> {
  if (rows.length === 0) return;
  await db
    .insertInto("ledger_entry")
    .values(
      rows.map((r) => ({
        postingId: r.postingId,
        accountId: r.accountId,
        amount: r.amount,
        groupId: null,
        createdAt: r.now,
      })),
    )
    .execute();
}

/**
 * Takes each amount from its account in one statement, each only when the
 * account holds at least that much; answers how many were taken (one per
 * distinct account when every balance covered its amount).
 */
export async function debitEachIfCovered(
  db: Db,
  debits: readonly { accountId: string; amount: number }[],
): Promise<number> {
  // Typed, or PostgreSQL reads a CASE of parameters as text.
  const amountOf = sql<number>`case id ${sql.join(
    debits.map((d) => sql`when ${d.accountId} then cast(${sql.val(d.amount)} as bigint)`),
    sql` `,
  )} end`;
  const result = await db
    .updateTable("ledger_account")
    .set({ balance: sql`balance - ${amountOf}` })
    .where(
      "id",
      "in",
      debits.map((d) => d.accountId),
    )
    .where("balance", ">=", amountOf)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** Moves a balance by the amount (+ credits); false when the account does not exist. */
export async function addToBalance(db: Db, accountId: string, amount: number): Promise<boolean> {
  const updated = await hotQuery.affected(
    db,
    "withdrawal-add-to-balance",
    (slot) =>
      db
        .updateTable("ledger_account")
        .set({ balance: sql`balance + ${slot("amount")}` })
        .where("id", "=", slot("accountId")),
    { accountId, amount },
  );
  return updated > 0;
}

/** An account's balance in paise (0 when it does not exist yet). */
export async function accountBalance(db: Db, accountId: string): Promise<number> {
  const [row] = await hotQuery(
    db,
    "ledger-account-balance",
    (slot) => db.selectFrom("ledger_account").select("balance").where("id", "=", slot("accountId")),
    { accountId },
  );
  return paiseFromDb(row?.balance);
}

/** Several accounts' balances (paise) by account id; an account not yet opened holds 0. */
export async function accountBalances(
  db: Db,
  accountIds: readonly string[],
): Promise<Map<string, number>> {
  const rows = await db
    .selectFrom("ledger_account")
    .select(["id", "balance"])
    .where("id", "in", accountIds)
    .execute();
  return new Map(rows.map((row) => [row.id, paiseFromDb(row.balance)]));
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

/**
 * An account's balance with its row locked until the transaction ends (a
 * no-op update: PostgreSQL's row lock, and SQLite's write lock, on both
 * engines alike): no posting can move it between this read and the caller's
 * use of it. 0 when the account does not exist.
 */
export async function lockedAccountBalance(db: Db, accountId: string): Promise<number> {
  await lockAccountRows(db, [accountId]);
  return accountBalance(db, accountId);
}

/** Locks these accounts' rows one by one, in the order given (no-op updates; see above). */
export async function lockAccountRows(db: Db, accountIds: readonly string[]): Promise<void> {
  for (const accountId of accountIds) {
    await db
      .updateTable("ledger_account")
      .set({ balance: sql`balance` })
      .where("id", "=", accountId)
      .execute();
  }
}

/** Of these user ids, those whose account no longer exists (deleted). */
export async function goneUserIds(db: Db, userIds: readonly string[]): Promise<string[]> {
  const gone: string[] = [];
  for (let i = 0; i < userIds.length; i += 500) {
    const ids = userIds.slice(i, i + 500);
    const rows = await db.selectFrom("user").select("id").where("id", "in", ids).execute();
    const present = new Set(rows.map((row) => row.id));
    gone.push(...ids.filter((id) => !present.has(id)));
  }
  return gone;
}
