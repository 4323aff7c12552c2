import type { Kysely } from "kysely";
import type { Database } from "../../db/schema";
import { PAID_OUT_ACCOUNT, TDS_PAYABLE_ACCOUNT, WITHDRAWALS_ACCOUNT } from "./withdrawal-postings";
import {
  accountBalance,
  withdrawalSumsByState,
  withdrawalsWithoutPostings,
} from "./withdrawal-ledger-repository";

/**
 * What `ledger-check` adds for issue 47, one sentence per disagreement:
 * the in-flight, TDS payable and paid-out accounts against the withdrawals
 * that should fill them, and each withdrawal's postings against its state.
 * (Each of these balances against its entries is the ledger's own check.)
 */
export async function withdrawalProblems(db: Kysely<Database>): Promise<string[]> {
  const sums = await withdrawalSumsByState(db);
  const of = (state: string) => sums.get(state) ?? { net: 0, tds: 0, count: 0 };
  const expected = [
    [WITHDRAWALS_ACCOUNT, of("requested").net + of("approved").net],
    [TDS_PAYABLE_ACCOUNT, of("requested").tds + of("approved").tds + of("paid").tds],
    [PAID_OUT_ACCOUNT, of("paid").net],
  ] as const;
  const problems: string[] = [];
  for (const [account, paise] of expected) {
    const balance = await accountBalance(db, account);
    if (balance !== paise) {
      problems.push(`Account ${account}: balance ${balance} paise, its withdrawals make ${paise}.`);
    }
  }
  for (const w of await withdrawalsWithoutPostings(db)) {
    problems.push(`Withdrawal ${w.id} (${w.state}): a posting of its steps is missing.`);
  }
  return problems;
}
