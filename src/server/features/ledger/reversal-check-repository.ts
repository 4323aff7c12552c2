import { sql, type Kysely } from "kysely";
import type { Database } from "../../db/schema";
import { paiseFromDb } from "../../../shared/paise";
import { SPLIT_POSTING_KINDS } from "./ledger-accounts";

/*
 * What `ledger-check` reads of a reversed statement (issue 46): a reversal
 * posts the opposite of what the statement's money amounts to, so once it
 * is reversed, its postings leave nothing on any account.
 */

type Db = Kysely<Database>;

/**
 * Per account, what the statement's postings (its import, assignments and
 * reversal, whatever their kind) and the moves of split shares of its groups
 * leave there, when not 0: the money insertReversalEntries undoes, and any
 * posted after it.
 */
export async function statementLeftovers(db: Db, statementId: string) {
  const splitKinds = sql.join(SPLIT_POSTING_KINDS.map((k) => sql`${k}`));
  const rows = await sql<{ accountId: string; total: unknown }>`
    select x."accountId", sum(x.amount) as total
    from (
      select e."accountId", e.amount
      from ledger_entry e
      join ledger_posting p on p.id = e."postingId"
      where p."statementId" = ${statementId}
      union all
      select e."accountId", e.amount
      from ledger_entry e
      join ledger_posting p on p.id = e."postingId"
      where p.kind in (${splitKinds})
        and e."groupId" in (select id from statement_group where "statementId" = ${statementId})
    ) x
    group by x."accountId"
    having sum(x.amount) <> 0
    order by x."accountId"
  `.execute(db);
  return rows.rows.map((r) => ({ accountId: r.accountId, total: paiseFromDb(r.total) }));
}
