import type { Kysely } from "kysely";
import type { DatabaseHandle } from "../../db/database";
import type { Database } from "../../db/schema";
import { deleteGroups, groupCodeAfter, totalsFromGroups } from "./statement-repository";
import { ALL_CODES, SliceWidth, yieldToLoop, type CodeRange } from "./statement-slices";
import { deleteStagedLines, type PartitionRange } from "./statement-staging-repository";
import { PARTITIONS } from "./statement-stager-repository";

/*
 * A statement's bulk steps in slices (decision 110): on SQLite, ranges of
 * partitions (staged lines) or of codes (groups) sized to about 15 ms each,
 * with a turn of the event loop between them; on PostgreSQL one range over
 * everything.
 */

type Db = Kysely<Database>;

const sliced = (database: DatabaseHandle) => database.dialect === "sqlite";

/** Runs `work` over every range of partitions of the staged lines, in order. */
export async function forEachPartitionRange(
  database: DatabaseHandle,
  work: (range: PartitionRange) => Promise<void>,
  firstWidth = 1,
): Promise<void> {
  if (!sliced(database)) return work({ from: 0, to: PARTITIONS });
  const width = new SliceWidth(Math.max(1, Math.round(firstWidth)), 1, PARTITIONS);
  for (let from = 0; from < PARTITIONS;) {
    const to = await width.run(async (w) => {
      const end = Math.min(PARTITIONS, from + w);
      await work({ from, to: end });
      return end;
    });
    from = to;
    await yieldToLoop();
  }
}

/** Runs `work` over the statement's groups by ranges of codes, in order. */
export async function forEachCodeRange(
  database: DatabaseHandle,
  db: Db,
  statementId: string,
  work: (range: CodeRange) => Promise<void>,
): Promise<void> {
  if (!sliced(database)) return work(ALL_CODES);
  const width = new SliceWidth(1000, 50, 50_000);
  let after: string | null = null;
  for (;;) {
    const from = after;
    const upTo = await width.run(async (count) => {
      const end = await groupCodeAfter(db, statementId, from, count);
      await work({ after: from, upTo: end });
      return end;
    });
    if (upTo === null) return;
    after = upTo;
    await yieldToLoop();
  }
}

/** Drops the statement's staged lines (and, before a new preview, its groups), slice by slice. */
export async function clearStaging(
  database: DatabaseHandle,
  statementId: string,
  groupsToo: boolean,
): Promise<void> {
  const { db } = database;
  await forEachPartitionRange(database, (range) => deleteStagedLines(database, statementId, range));
  if (groupsToo) {
    await forEachCodeRange(database, db, statementId, (range) =>
      deleteGroups(db, statementId, range),
    );
  }
}

export type Totals = Awaited<ReturnType<typeof totalsFromGroups>>;

/** Adds one range's totals to the running ones. */
export function addTotals(sum: Totals | null, more: Totals): Totals {
  if (!sum) return more;
  return {
    totalPaise: sum.totalPaise + more.totalPaise,
    artistsPaise: sum.artistsPaise + more.artistsPaise,
    labelPaise: sum.labelPaise + more.labelPaise,
    unmatchedPaise: sum.unmatchedPaise + more.unmatchedPaise,
    matchedCount: sum.matchedCount + more.matchedCount,
    unmatchedCount: sum.unmatchedCount + more.unmatchedCount,
  };
}

/** The statement's totals from its groups, summed range by range. */
export async function totalsBySlices(
  database: DatabaseHandle,
  db: Db,
  statementId: string,
): Promise<Totals> {
  const summed: { totals: Totals | null } = { totals: null };
  await forEachCodeRange(database, db, statementId, async (range) => {
    summed.totals = addTotals(summed.totals, await totalsFromGroups(db, statementId, range));
  });
  return summed.totals ?? (await totalsFromGroups(db, statementId));
}
