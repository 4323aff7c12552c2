import { sql, type Kysely } from "kysely";
import type { Database } from "../../db/schema";
import { byCodeUnit } from "../../../shared/code-unit-order";

/*
 * How every step that changes split shares locks them (decision 137): the
 * tracks' split rows first, then the shares, each one row at a time in id
 * order (code units), before any ledger row. One multi-row update would lock
 * them in whatever order its plan visits them, and two steps sharing two
 * rows could then deadlock on PostgreSQL. No-op updates: a row lock on
 * PostgreSQL; SQLite runs one writer anyway.
 */

type Db = Kysely<Database>;

const ordered = (ids: readonly string[]) => [...new Set(ids)].sort(byCodeUnit);

/** Rows per insert of a posting's shares (two parameters each). */
const RECORD_CHUNK = 500;

/** Locks these split shares one row at a time in id order; answers their ids in that order. */
export async function lockSharesInIdOrder(db: Db, shareIds: readonly string[]): Promise<string[]> {
  const ids = ordered(shareIds);
  for (const id of ids) {
    await db
      .updateTable("split_share")
      .set({ updatedAt: sql`"updatedAt"` })
      .where("id", "=", id)
      .execute();
  }
  return ids;
}

/**
 * Locks the split rows of the statement's tracks (a save takes its track's
 * first, so none adds a share to them meanwhile), then their shares, before
 * a posting reads them: an accept, a decline or a save of the same shares
 * commits wholly before or after it, never in between, and money credited
 * to a held account is always moved by the answer that follows. `live`
 * only: imports and assignments; all: a reversal (moves of any share count).
 * Returns the ids of the shares locked: all a posting may pay (decision 138).
 */
export async function lockStatementShares(
  db: Db,
  statementId: string,
  options: { code?: string; live: boolean },
): Promise<string[]> {
  const { rows } = await sql<{ trackId: string; shareId: string | null }>`
    select t."trackId", s.id as "shareId"
    from track_split t
    left join split_share s on s."trackId" = t."trackId"
      ${options.live ? sql`and s.state in ('invited', 'accepted')` : sql``}
    where t."trackId" in (
      select g."trackId" from statement_group g
      where g."statementId" = ${statementId} and g."trackId" is not null
        ${options.code === undefined ? sql`` : sql`and g.code = ${options.code}`}
    )
  `.execute(db);
  for (const trackId of ordered(rows.map((r) => r.trackId))) {
    await db
      .updateTable("track_split")
      .set({ updatedAt: sql`"updatedAt"` })
      .where("trackId", "=", trackId)
      .execute();
  }
  return lockSharesInIdOrder(
    db,
    rows.flatMap((r) => (r.shareId === null ? [] : [r.shareId])),
  );
}

/**
 * Records the shares a statement's posting locked as the ones it pays
 * (decision 138): a share a track's first save adds meanwhile has no split
 * row the posting could lock, so it is left to the next statement.
 */
export async function recordPostingShares(
  db: Db,
  postingId: string,
  shareIds: readonly string[],
): Promise<void> {
  for (let i = 0; i < shareIds.length; i += RECORD_CHUNK) {
    await db
      .insertInto("posting_split_share")
      .values(shareIds.slice(i, i + RECORD_CHUNK).map((shareId) => ({ postingId, shareId })))
      .execute();
  }
}
