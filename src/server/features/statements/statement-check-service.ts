import type { Kysely } from "kysely";
import type { Database } from "../../db/schema";
import {
  ledgerProblems,
  reversedStatementLeftovers,
  statementCredits,
} from "../ledger/ledger-service";
import { splitProblems } from "../ledger/split-postings";
import { withdrawalProblems } from "../ledger/withdrawal-checks";
import { findStatement, statementsInStates, totalsFromGroups } from "./statement-repository";

/**
 * What disagrees in the books, one sentence each: balances against their
 * entries, postings that do not sum to zero, money held for split shares
 * no longer invited, each credited
 * statement's totals against its groups and its postings, and what a
 * reversed statement's postings leave on an account (they sum to 0 on each).
 */
export async function booksDisagreeing(db: Kysely<Database>): Promise<string[]> {
  const problems = [
    ...(await ledgerProblems(db)),
    ...(await withdrawalProblems(db)),
    ...(await splitProblems(db)),
  ];
  for (const { id } of await statementsInStates(db, ["imported", "reversed"])) {
    const row = await findStatement(db, id);
    if (!row) continue;
    const name = `Statement ${row.fileName} (${id})`;
    if (row.state === "reversed") {
      for (const left of await reversedStatementLeftovers(db, id)) {
        problems.push(
          `${name}: reversed, yet its postings leave ${left.total} paise on account ${left.accountId}.`,
        );
      }
    }
    const stored = {
      total: row.totalPaise,
      artists: row.artistsPaise,
      label: row.labelPaise,
      unmatched: row.unmatchedPaise,
    };
    if (stored.total !== stored.artists + stored.label + stored.unmatched) {
      problems.push(`${name}: Total ${stored.total} ≠ Artists + Label + Unmatched.`);
    }
    const groups = await totalsFromGroups(db, id);
    const fromGroups = {
      total: groups.totalPaise,
      artists: groups.artistsPaise,
      label: groups.labelPaise,
      unmatched: groups.unmatchedPaise,
    };
    const credits = await statementCredits(db, id);
    const posted = {
      total: -(credits.get("stores") ?? 0),
      // The artists' part includes their collaborators' split shares, held or credited.
      artists: (credits.get("artist") ?? 0) + (credits.get("split_held") ?? 0),
      label: credits.get("label") ?? 0,
      unmatched: credits.get("unmatched") ?? 0,
    };
    for (const key of ["total", "artists", "label", "unmatched"] as const) {
      if (stored[key] !== fromGroups[key]) {
        problems.push(
          `${name}: ${key} ${stored[key]} paise, its groups sum to ${fromGroups[key]}.`,
        );
      }
      if (stored[key] !== posted[key]) {
        problems.push(`${name}: ${key} ${stored[key]} paise, the ledger credited ${posted[key]}.`);
      }
    }
  }
  return problems;
}
