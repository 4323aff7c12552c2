import { sql, type Kysely } from "kysely";
import type { Database } from "../../db/schema";
import { paiseFromDb } from "../../../shared/paise";
import { SPLIT_HELD_KIND, SPLIT_HELD_PREFIX } from "./ledger-accounts";

/*
 * The SQL of split shares' held money (issue 47), beside the statements'
 * (ledger-repository.ts): every write runs in the caller's transaction and
 * is set-based, one statement per move, whatever the number of groups.
 */

type Db = Kysely<Database>;

const big = (value: number) => sql`cast(${value} as bigint)`;

/**
 * Moves what the held account holds, group by group (so the receiver's
 * earnings by track, store, country and month include it), to `toAccountId`.
 */
export async function insertHeldMoveEntries(
  db: Db,
  postingId: string,
  heldAccountId: string,
  toAccountId: string,
  now: number,
): Promise<void> {
  const p = sql`cast(${postingId} as text)`;
  const at = big(now);
  await sql`
    insert into ledger_entry ("postingId", "accountId", amount, "groupId", "createdAt")
    select ${p}, cast(${heldAccountId} as text), cast(-sum(amount) as bigint), "groupId", ${at}
      from ledger_entry where "accountId" = ${heldAccountId}
      group by "groupId" having sum(amount) <> 0
    union all
    select ${p}, cast(${toAccountId} as text), cast(sum(amount) as bigint), "groupId", ${at}
      from ledger_entry where "accountId" = ${heldAccountId}
      group by "groupId" having sum(amount) <> 0
  `.execute(db);
}

/** The sum of a posting's entries on one account (what it moved there). */
export async function postingAmountOn(db: Db, postingId: string, accountId: string) {
  const row = await db
    .selectFrom("ledger_entry")
    .select((eb) => eb.fn.sum<number | string>("amount").as("total"))
    .where("postingId", "=", postingId)
    .where("accountId", "=", accountId)
    .executeTakeFirst();
  return paiseFromDb(row?.total);
}

/** Held balances of these shares, by share id (0 when nothing was ever held). */
export async function heldBalances(db: Db, shareIds: readonly string[]) {
  if (shareIds.length === 0) return new Map<string, number>();
  const rows = await db
    .selectFrom("ledger_account")
    .select(["id", "balance"])
    .where(
      "id",
      "in",
      shareIds.map((id) => `${SPLIT_HELD_PREFIX}${id}`),
    )
    .execute();
  return new Map(
    rows.map((r) => [r.id.slice(SPLIT_HELD_PREFIX.length), paiseFromDb(r.balance)] as const),
  );
}

/** Held accounts that still hold money although their share is no longer invited. */
export async function heldOfAnsweredShares(db: Db) {
  const rows = await sql<{ id: string; state: string | null; balance: unknown }>`
    select a.id, s.state, a.balance
    from ledger_account a
    left join split_share s on ${SPLIT_HELD_PREFIX} || s.id = a.id
    where a.kind = ${SPLIT_HELD_KIND} and a.balance <> 0
      and (s.state is null or s.state <> 'invited')
    order by a.id
  `.execute(db);
  return rows.rows.map((r) => ({ id: r.id, state: r.state, balance: paiseFromDb(r.balance) }));
}
