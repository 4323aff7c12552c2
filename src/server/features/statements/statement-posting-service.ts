import type { FastifyBaseLogger } from "fastify";
import { statementMessages as m } from "../../../shared/statement-messages";
import type { DatabaseHandle } from "../../db/database";
import type { DomainEvents } from "../../events/domain-events";
import { HttpError } from "../../http/errors";
import {
  beginStatementImport,
  postAssignment,
  postStatementReversal,
  type Posted,
} from "../ledger/ledger-service";
import { addTotals, clearStaging, forEachCodeRange, type Totals } from "./statement-bulk";
import { importDay } from "./statement-detail";
import { findClaimedTrack, upsertCodeAlias } from "./code-owner-repository";
import {
  activeStatementOfHashes,
  findStatement,
  lockStatement,
  matchCodeGroups,
  splitGroups,
  totalsFromGroups,
  unmatchedCodes,
  updateStatement,
} from "./statement-repository";

/*
 * The statement steps that move money (issue 46, decision 106): import,
 * reverse, assign. Each is one transaction holding the ledger posting (its
 * idempotency key) and the statement's own state, so a killed process
 * leaves all of it or none; `ledger.posted` goes out after the commit.
 * Each first locks the statement's row and reads its state under the lock:
 * steps of one statement never overlap, so a reversal undoes every
 * assignment committed before it and none can commit after it.
 */

export interface PostingDeps {
  database: DatabaseHandle;
  events: DomainEvents;
  log: FastifyBaseLogger;
  defaultRoyaltyBasisPoints: number;
}

const conflict = (message: string) => new HttpError(409, message, undefined, "CONFLICT");
export const IMPORT_FAILED =
  "The import failed; nothing was credited. Preview the statement again.";

function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: unknown }).code;
  return code === "SQLITE_CONSTRAINT_UNIQUE" || code === "23505";
}

async function announce(deps: PostingDeps, posted: Posted | null) {
  if (!posted) return;
  await deps.events.emit("ledger.posted", {
    postingId: posted.postingId,
    kind: posted.kind,
    statementId: posted.statementId,
    artistIds: posted.artistIds,
  });
}

/**
 * Claims the statement for its import: `preview` → `importing` in one
 * conditional update that also sets `activeHash`, so of two presses (or a
 * second statement of the same file) exactly one wins; the other is 409.
 */
export async function claimImport(deps: PostingDeps, statementId: string, by: string) {
  const { db } = deps.database;
  const row = await findStatement(db, statementId);
  if (!row) throw new HttpError(404, m.notFound, undefined, "NOT_FOUND");
  if (row.state === "importing") throw conflict(m.alreadyImporting);
  if (row.state === "imported")
    throw conflict(m.alreadyImported(importDay(row.importedAt ?? Date.now())));
  if (row.state !== "preview" || row.failure !== null) throw conflict(m.notPreviewed);
  if (row.lineErrorCount > 0) throw conflict(m.hasLineErrors);
  let claimed: number;
  try {
    claimed = await updateStatement(
      db,
      statementId,
      { state: "importing", activeHash: row.fileSha256, importedBy: by, progress: 0 },
      ["preview"],
    );
  } catch (err) {
    if (!isUniqueViolation(err)) throw err;
    const active = await activeStatementOfHashes(db, [row.fileSha256]);
    if (active?.id === statementId || active?.state === "importing")
      throw conflict(m.alreadyImporting);
    throw conflict(m.alreadyImported(importDay(active?.importedAt ?? Date.now())));
  }
  if (claimed === 0) throw conflict(m.alreadyImporting);
}

/**
 * Credits a claimed statement (`importing`): splits its groups at today's
 * rates, posts them, and marks it imported, all in one transaction. Run
 * again after a crash it finishes once: the state and the posting's key
 * both say whether it already happened. On SQLite the transaction is many
 * short statements over ranges of the groups with a turn of the event loop
 * between them (decision 110): other queries wait for the commit as they
 * would for one long statement, but the process answers meanwhile.
 */
export async function runImport(deps: PostingDeps, statementId: string): Promise<void> {
  const { database } = deps;
  const { db } = database;
  await updateStatement(db, statementId, { progress: 50 }, ["importing"]);
  let posted: Posted | null;
  try {
    posted = await db.transaction().execute(async (trx) => {
      const row = await lockStatement(trx, statementId, database.dialect);
      if (row?.state !== "importing") return null;
      const now = Date.now();
      const posting = await beginStatementImport(trx, { statementId, by: row.importedBy, now });
      const summed: { totals: Totals | null } = { totals: null };
      await forEachCodeRange(database, trx, statementId, async (range) => {
        await splitGroups(trx, statementId, deps.defaultRoyaltyBasisPoints, undefined, range);
        summed.totals = addTotals(summed.totals, await totalsFromGroups(trx, statementId, range));
        await posting?.addGroups(range);
      });
      const sums = summed.totals ?? (await totalsFromGroups(trx, statementId));
      const result = posting ? await posting.finish(sums.totalPaise) : null;
      await updateStatement(
        trx,
        statementId,
        { ...sums, state: "imported", importedAt: now, progress: 100 },
        ["importing"],
      );
      return result;
    });
  } catch (err) {
    deps.log.error({ err, statementId }, "statement import failed: nothing was credited");
    await updateStatement(
      db,
      statementId,
      { state: "failed", activeHash: null, failure: IMPORT_FAILED, progress: 0 },
      ["importing"],
    );
    return;
  }
  // The staged lines served their purpose; the groups stay (earnings read them).
  await clearStaging(database, statementId, false);
  await announce(deps, posted);
}

/** Posts the opposite of every entry of an imported statement; its file may come again. */
export async function reverseStatement(deps: PostingDeps, statementId: string, by: string) {
  const { db, dialect } = deps.database;
  const posted = await db.transaction().execute(async (trx) => {
    const row = await lockStatement(trx, statementId, dialect);
    if (!row) throw new HttpError(404, m.notFound, undefined, "NOT_FOUND");
    if (row.state === "reversed") throw conflict(m.alreadyReversed);
    if (row.state !== "imported") throw conflict(m.notImported);
    const now = Date.now();
    const result = await postStatementReversal(trx, { statementId, by, now });
    const changed = await updateStatement(
      trx,
      statementId,
      { state: "reversed", activeHash: null, reversedBy: by, reversedAt: now },
      ["imported"],
    );
    if (changed === 0 || !result) throw conflict(m.alreadyReversed);
    return result;
  });
  await announce(deps, posted);
}

/** The 409 for assigning a code of a statement in this state; null when it may be. */
function notAssignable(state: string): HttpError | null {
  if (state === "imported" || state === "preview") return null;
  if (state === "reversed") return conflict(m.alreadyReversed);
  if (state === "importing") return conflict(m.alreadyImporting);
  return conflict(m.notAssignable);
}

/**
 * Gives an unmatched code of the statement to a track: its groups get the
 * track's artist and are split at their rate; an imported statement credits
 * the artist at once (one posting per code). The code is remembered for
 * later statements.
 */
export async function assignCode(
  deps: PostingDeps,
  statementId: string,
  input: { code: string; trackId: string },
  by: string,
) {
  const { db, dialect } = deps.database;
  const track = await findClaimedTrack(db, input.trackId);
  if (!track) throw new HttpError(404, m.trackNotFound, undefined, "NOT_FOUND");
  const posted = await db.transaction().execute(async (trx) => {
    // Before anything of the statement is read: an Import or a Reverse of it waits, or this waits for it.
    const row = await lockStatement(trx, statementId, dialect);
    if (!row) throw new HttpError(404, m.notFound, undefined, "NOT_FOUND");
    const refused = notAssignable(row.state);
    if (refused) throw refused;
    const unmatched = (await unmatchedCodes(trx, statementId)).find((c) => c.code === input.code);
    if (!unmatched) throw new HttpError(404, m.notUnmatched, undefined, "NOT_FOUND");
    const owner = { trackId: track.trackId, releaseId: track.releaseId, artistId: track.artistId };
    await matchCodeGroups(trx, statementId, input.code, owner);
    await splitGroups(trx, statementId, deps.defaultRoyaltyBasisPoints, input.code);
    const now = Date.now();
    await upsertCodeAlias(trx, {
      code: input.code,
      codeKind: unmatched.codeKind,
      ...owner,
      by,
      now,
    });
    const result =
      row.state === "imported"
        ? await postAssignment(trx, { statementId, code: input.code, by, now })
        : null;
    const totals = await totalsFromGroups(trx, statementId);
    // In the state it was read in, or nothing of it happened (the throw rolls it all back).
    const changed = await updateStatement(trx, statementId, totals, [row.state]);
    if (changed === 0) throw conflict(m.changedWhileAssigning);
    return result;
  });
  await announce(deps, posted);
}
