import { sql, type Insertable, type Kysely, type Updateable } from "kysely";
import type { MigrationDialect } from "../../db/dialect-types";
import type { Database, StatementTable } from "../../db/schema";
import type { CodeOwner } from "./code-owner-repository";
import { ALL_CODES, type CodeRange } from "./statement-slices";
import { paiseFromDb } from "../../../shared/paise";

/*
 * Statements' own SQL (issue 46): the statement row, its staging lines, its
 * groups, royalty rates and code aliases; and the reads matching needs of
 * releases (their claimed codes). Ledger tables are the ledger feature's.
 */

type Db = Kysely<Database>;

export async function insertStatement(db: Db, row: Insertable<StatementTable>) {
  await db.insertInto("statement").values(row).execute();
}

export async function findStatement(db: Db, id: string) {
  return db
    .selectFrom("statement as s")
    .leftJoin("user as u", "u.id", "s.createdBy")
    .selectAll("s")
    .select(["u.name as createdByName"])
    .where("s.id", "=", id)
    .executeTakeFirst();
}
export type StatementRow = NonNullable<Awaited<ReturnType<typeof findStatement>>>;

/**
 * The statement row, locked until the transaction ends: the steps that move
 * a statement's money (import, reverse, assign) read it first, so they run
 * one after another and each sees the state the one before left. PostgreSQL:
 * `for update`, which any update of the row (an Import's claim) also waits
 * for. SQLite: a plain read; Kysely runs its one connection for one
 * transaction at a time (its driver's mutex), so no step can start inside
 * another.
 */
export async function lockStatement(db: Db, id: string, dialect: MigrationDialect) {
  const query = db.selectFrom("statement").selectAll().where("id", "=", id);
  return (dialect === "postgres" ? query.forUpdate() : query).executeTakeFirst();
}

/** A statement importing or imported with one of these file hashes, if any. */
export async function activeStatementOfHashes(db: Db, sha256s: readonly string[]) {
  return db
    .selectFrom("statement")
    .select(["id", "state", "importedAt", "createdAt"])
    .where("activeHash", "in", sha256s)
    .executeTakeFirst();
}

/** Newest first, by (createdAt, id) below the cursor's. */
export async function listStatements(
  db: Db,
  before: { createdAt: number; id: string } | null,
  limit: number,
) {
  let query = db
    .selectFrom("statement as s")
    .leftJoin("user as u", "u.id", "s.createdBy")
    .selectAll("s")
    .select(["u.name as createdByName"])
    .orderBy("s.createdAt", "desc")
    .orderBy("s.id", "desc")
    .limit(limit);
  if (before) {
    query = query.where((eb) =>
      eb.or([
        eb("s.createdAt", "<", before.createdAt),
        eb.and([eb("s.createdAt", "=", before.createdAt), eb("s.id", "<", before.id)]),
      ]),
    );
  }
  return query.execute();
}

/** Updates the statement when it is in one of `states` (any when omitted); rows changed. */
export async function updateStatement(
  db: Db,
  id: string,
  values: Updateable<StatementTable>,
  states?: readonly string[],
): Promise<number> {
  let query = db.updateTable("statement").set(values).where("id", "=", id);
  if (states) query = query.where("state", "in", states);
  const result = await query.executeTakeFirst();
  return Number(result.numUpdatedRows);
}

export async function statementsInStates(db: Db, states: readonly string[]) {
  return db.selectFrom("statement").select(["id", "state"]).where("state", "in", states).execute();
}

/** `and code in (after, upTo]` over statement_group. */
function inRange(range: CodeRange) {
  return sql`${range.after === null ? sql`` : sql`and code > ${range.after}`}
    ${range.upTo === null ? sql`` : sql`and code <= ${range.upTo}`}`;
}

/**
 * The code `count` groups after `after` in the statement's groups (by the
 * (statementId, code) index), or null when fewer are left: the end of one
 * slice of a statement's groups.
 */
export async function groupCodeAfter(
  db: Db,
  statementId: string,
  after: string | null,
  count: number,
): Promise<string | null> {
  let query = db
    .selectFrom("statement_group")
    .select("code")
    .where("statementId", "=", statementId)
    .orderBy("code")
    .limit(1)
    .offset(count - 1);
  if (after !== null) query = query.where("code", ">", after);
  return (await query.executeTakeFirst())?.code ?? null;
}

/** Drops the statement's groups whose code is in the range (before a new preview). */
export async function deleteGroups(db: Db, statementId: string, range: CodeRange) {
  await sql`delete from statement_group where "statementId" = ${statementId} ${inRange(range)}`.execute(
    db,
  );
}

/** Half up (away from zero) of amount × basis points ÷ 10 000, in integer SQL on both engines. */
const artistShare = (bp: ReturnType<typeof sql>) => sql`case
  when "amountPaise" >= 0 then ("amountPaise" * ${bp} + 5000) / 10000
  else -((-"amountPaise" * ${bp} + 5000) / 10000) end`;

const rateOf = (defaultBasisPoints: number) => sql`coalesce(
  (select rr."basisPoints" from royalty_rate rr where rr."artistId" = statement_group."artistId"),
  cast(${defaultBasisPoints} as integer))`;

/**
 * Splits the statement's matched groups at today's royalty rates, set-based
 * (a rate set after the preview counts at import); `code` limits it to one code.
 */
export async function splitGroups(
  db: Db,
  statementId: string,
  defaultBasisPoints: number,
  code?: string,
  range: CodeRange = ALL_CODES,
) {
  const bp = rateOf(defaultBasisPoints);
  const share = artistShare(bp);
  await sql`
    update statement_group
    set "artistPaise" = ${share}, "labelPaise" = "amountPaise" - (${share})
    where "statementId" = ${statementId} and "artistId" is not null
      ${code === undefined ? sql`` : sql`and code = ${code}`} ${inRange(range)}
      -- Only a split that changed (a rate set since the preview) is written: rewriting a
      -- million unchanged groups took 24 s.
      and ("artistPaise" <> ${share} or "labelPaise" <> "amountPaise" - (${share}))
  `.execute(db);
  await sql`
    update statement_group set "artistPaise" = 0, "labelPaise" = 0
    where "statementId" = ${statementId} and "artistId" is null ${inRange(range)}
      and ("artistPaise" <> 0 or "labelPaise" <> 0)
  `.execute(db);
}

/** The statement's totals and counts, summed from its groups (those of a range of codes). */
export async function totalsFromGroups(db: Db, statementId: string, range: CodeRange = ALL_CODES) {
  const row = await sql<Record<string, unknown>>`
    select
      coalesce(sum("amountPaise"), 0) as total,
      coalesce(sum(case when "artistId" is not null then "artistPaise" else 0 end), 0) as artists,
      coalesce(sum(case when "artistId" is not null then "labelPaise" else 0 end), 0) as label,
      coalesce(sum(case when "artistId" is null then "amountPaise" else 0 end), 0) as unmatched,
      coalesce(sum(case when "artistId" is not null then "lineCount" else 0 end), 0) as matched,
      coalesce(sum(case when "artistId" is null then "lineCount" else 0 end), 0) as "unmatchedLines"
    from statement_group where "statementId" = ${statementId} ${inRange(range)}
  `.execute(db);
  const r = row.rows[0] ?? {};
  return {
    totalPaise: paiseFromDb(r.total),
    artistsPaise: paiseFromDb(r.artists),
    labelPaise: paiseFromDb(r.label),
    unmatchedPaise: paiseFromDb(r.unmatched),
    matchedCount: Number(r.matched ?? 0),
    unmatchedCount: Number(r.unmatchedLines ?? 0),
  };
}

/** Unmatched groups summed per code, the largest amount first. */
export async function unmatchedCodes(db: Db, statementId: string) {
  const rows = await db
    .selectFrom("statement_group")
    .select((eb) => [
      "code",
      "codeKind",
      eb.fn.max("title").as("title"),
      eb.fn.max("artist").as("artist"),
      eb.fn.sum<number | string>("lineCount").as("lineCount"),
      eb.fn.sum<number | string>("amountPaise").as("amountPaise"),
    ])
    .where("statementId", "=", statementId)
    .where("artistId", "is", null)
    .groupBy(["code", "codeKind"])
    .execute();
  return rows
    .map((r) => ({
      code: r.code,
      codeKind: r.codeKind === "upc" ? ("upc" as const) : ("isrc" as const),
      title: r.title,
      artist: r.artist,
      lineCount: Number(r.lineCount),
      amountPaise: paiseFromDb(r.amountPaise),
    }))
    .sort((a, b) => b.amountPaise - a.amountPaise || a.code.localeCompare(b.code));
}

/** Gives one code's unmatched groups of the statement their owner; rows changed. */
export async function matchCodeGroups(db: Db, statementId: string, code: string, owner: CodeOwner) {
  const result = await db
    .updateTable("statement_group")
    .set({ trackId: owner.trackId, releaseId: owner.releaseId, artistId: owner.artistId })
    .where("statementId", "=", statementId)
    .where("code", "=", code)
    .where("artistId", "is", null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** Which of these stored files a statement refers to (the sweeper keeps them). */
export async function statementFilesAmong(db: Db, ids: readonly string[]) {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom("statement")
    .select("fileId")
    .where("fileId", "in", ids)
    .execute();
  return rows.flatMap((r) => (r.fileId ? [r.fileId] : []));
}
