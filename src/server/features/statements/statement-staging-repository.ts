import { sql, type RawBuilder } from "kysely";
import type { DatabaseHandle } from "../../db/database";
import { roundToPaise, safePaise } from "./statement-money";
import {
  PARTITION_ROWIDS,
  copyStager,
  sqliteStager,
  type LineStager,
} from "./statement-stager-repository";

/*
 * A statement's staged lines and their grouping, set-based (issue 46's
 * speed, decisions 110, 123 and 124). Lines come in summed by group as far
 * as the reader's memory allows (statement-combiner.ts), and the partial
 * sums are streamed in: on PostgreSQL one
 * COPY into the statement's own UNLOGGED partition of `statement_line`
 * (dropped, not deleted from, when done); on SQLite prepared inserts into a
 * TEMP table whose rowid puts each line in one of PARTITIONS runs by a hash
 * of its group's key, so a group's lines share a partition and a range of
 * partitions is a contiguous range of pages. Groups are finished in SQL (per
 * range of partitions on SQLite): exact money (numeric on PostgreSQL, BigInt
 * in an aggregate of our own on SQLite) rounded once, matched to their
 * owners and split at their royalty rates in the same statement.
 */

/** A statement's own partition of PostgreSQL's `statement_line` (migration 0036). */
function partitionTable(statementId: string) {
  // Statement ids are UUIDs; anything else must not reach DDL.
  if (!/^[0-9a-f-]{36}$/.test(statementId)) throw new Error("not a statement id");
  return sql.table(`statement_line_${statementId.replace(/-/g, "")}`);
}

/**
 * PostgreSQL: drops the statement's partition of staged lines, if it has
 * one (attached, or left unattached by a process killed in between).
 * Dropping a partition locks the parent: it waits for another statement's
 * COPY or grouping to end (and what comes after it waits as long); it runs
 * after the import's commit, outside any transaction.
 */
async function dropPartition(database: DatabaseHandle, statementId: string) {
  await sql`drop table if exists ${partitionTable(statementId)}`.execute(database.db);
}

/** Starts staging the statement's lines (a fresh UNLOGGED partition of its own on PostgreSQL). */
export async function lineStager(
  database: DatabaseHandle,
  statementId: string,
): Promise<LineStager> {
  if (!database.copyFrom) {
    ensureSqliteStaging(database);
    return sqliteStager(database, statementId);
  }
  await dropPartition(database, statementId);
  // Created apart, then attached: ATTACH locks the parent only against other DDL, where
  // PARTITION OF would wait for (and hold up) every other statement's COPY and grouping.
  const table = partitionTable(statementId);
  await sql`create unlogged table ${table} (like statement_line)`.execute(database.db);
  await sql`alter table statement_line attach partition ${table}
    for values in (${sql.lit(statementId)})`.execute(database.db);
  return copyStager(database, statementId);
}

const registered = new WeakSet<object>();
const staged = new WeakSet<object>();

/**
 * SQLite stages lines in a TEMP table of the same name, which shadows the
 * main one on this connection: no WAL and no fsync for lines that are
 * scratch (a preview cut short is read again from its file; an import
 * needs only the groups). PostgreSQL's is UNLOGGED (migration 0033).
 * Without an index: a range of partitions is a range of rowids.
 */
function ensureSqliteStaging(database: DatabaseHandle) {
  const sqlite = database.sqlite;
  if (!sqlite || staged.has(sqlite)) return;
  sqlite.exec(`
    create temp table if not exists statement_line (
      "statementId" text not null, isrc text, upc text,
      store text not null, country text not null, "saleMonth" text not null,
      quantity bigint not null default 0, "lineCount" bigint not null default 1,
      "rupeeUnits" text not null, title text, artist text);
  `);
  // Scratch: no rollback journal on disk; enough cache for every partition's last page.
  sqlite.pragma("temp.journal_mode = memory");
  sqlite.pragma("temp.cache_size = -24576");
  staged.add(sqlite);
}

/**
 * SQLite's aggregate of our own: `statement_paise(rupee_units)` sums exact
 * rupees (10⁻¹⁶, integer text) as BigInt and rounds once, half up, to the paisa.
 */
function registerSqliteAggregates(database: DatabaseHandle) {
  const sqlite = database.sqlite;
  if (!sqlite || registered.has(sqlite)) return;
  sqlite.aggregate<bigint>("statement_paise", {
    start: 0n,
    varargs: true,
    // SQLite passes each of the call's arguments (the driver's types know one).
    step: (sum: bigint, ...args: unknown[]) => {
      const [units] = args as [string];
      return sum + BigInt(units);
    },
    // A BigInt comes back as SQLite's INTEGER (a number would be a REAL).
    result: (sum) => BigInt(safePaise(roundToPaise(sum))),
  });
  registered.add(sqlite);
}

/** 10⁻¹⁶ rupees per paisa, as SQL's literal (statement-money.ts's UNITS_PER_PAISA). */
const UNITS_PER_PAISA = sql.lit(100_000_000_000_000);

/**
 * PostgreSQL's rounding of exact rupees (10⁻¹⁶, a numeric) to the paisa,
 * as `roundToPaise` rounds on SQLite: half up, away from zero, in integers
 * only. (`round(s / 10¹⁴)` divided first, and numeric division keeps some
 * 16 significant digits: Rs.1,234,574.6749999999515531 came out 68 paise.)
 * `div` truncates toward zero, so (2s ± d) div 2d is n ÷ d rounded half
 * away from zero.
 */
function postgresPaise(rupeeUnits: RawBuilder<unknown>) {
  return sql`cast(div(${rupeeUnits} * 2 + sign(${rupeeUnits}) * ${UNITS_PER_PAISA},
    2 * ${UNITS_PER_PAISA}) as bigint)`;
}

/** SQLite's lines of partitions [from, to): a range of rowids (PostgreSQL's are all read at once). */
function inPartitions(range: PartitionRange, postgres: boolean) {
  if (postgres) return sql``;
  return sql`and l.rowid >= ${range.from * PARTITION_ROWIDS} and l.rowid < ${range.to * PARTITION_ROWIDS}`;
}

export interface PartitionRange {
  from: number;
  to: number;
}

/**
 * Groups the staged sums of partitions [from, to) into statement_group:
 * per code, store, country and sale month, the exact sum of amount × rate
 * rounded half up once (away from zero), quantities and lines added up, a
 * title and artist the file gave (the greatest, as the unmatched list shows
 * per code: an ordered "first" made PostgreSQL sort every line); each group matched to its owner (a
 * track by claimed ISRC, a release by claimed UPC, else a code assigned by
 * hand) and split at the owner's royalty rate, half up, the label the rest.
 *
 * On PostgreSQL the groups are keyed in the "C" collation (bytes: equality
 * is the same, and the locale's comparisons are slower) and inserted in the
 * order of statement_group's (statementId, code) index, so each index entry
 * lands beside the last one rather than on a random page: a million
 * distinct groups grouped in 12 s in place of 19 (decision 130).
 */
export async function groupStagedLines(
  database: DatabaseHandle,
  statementId: string,
  defaultBasisPoints: number,
  range: PartitionRange,
): Promise<void> {
  const postgres = database.dialect === "postgres";
  registerSqliteAggregates(database);
  ensureSqliteStaging(database);
  const paise = postgres
    ? postgresPaise(sql`sum(cast(l."rupeeUnits" as numeric))`)
    : sql`statement_paise(l."rupeeUnits")`;
  const bp = sql`coalesce(rr."basisPoints", cast(${defaultBasisPoints} as integer))`;
  const artistShare = sql`case when g.paise >= 0 then (g.paise * ${bp} + 5000) / 10000
    else -((-g.paise * ${bp} + 5000) / 10000) end`;
  const artistId = sql`coalesce(tr."artistId", r."artistId", ar."artistId")`;
  const c = postgres ? sql` collate "C"` : sql``;
  const grouping = sql`
    insert into statement_group ("statementId", code, "codeKind", "trackId", "releaseId",
      "artistId", store, country, "saleMonth", quantity, "lineCount", "amountPaise",
      "artistPaise", "labelPaise", title, artist)
    select ${statementId}, g.code, g.kind,
      case when t.id is not null then t.id when r.id is not null then null else a."trackId" end,
      coalesce(t."releaseId", r.id, a."releaseId"),
      ${artistId}, g.store, g.country, g."saleMonth", g.quantity, g.lines, g.paise,
      case when ${artistId} is null then 0 else ${artistShare} end,
      case when ${artistId} is null then 0 else g.paise - (${artistShare}) end,
      g.title, g.artist
    from (
      select coalesce(l.isrc, l.upc)${c} as code,
        case when l.isrc is not null then 'isrc' else 'upc' end as kind,
        l.store${c} as store, l.country${c} as country, l."saleMonth"${c} as "saleMonth",
        cast(sum(l.quantity) as bigint) as quantity, cast(sum(l."lineCount") as bigint) as lines,
        ${paise} as paise,
        max(l.title) as title, max(l.artist) as artist
      from statement_line l
      where l."statementId" = ${statementId} ${inPartitions(range, postgres)}
      group by coalesce(l.isrc, l.upc)${c}, case when l.isrc is not null then 'isrc' else 'upc' end,
        l.store${c}, l.country${c}, l."saleMonth"${c}
    ) g
    left join release_track t on g.kind = 'isrc' and t."isrcClaim" = g.code
    left join release tr on tr.id = t."releaseId"
    left join release r on g.kind = 'upc' and r."upcClaim" = g.code
    left join code_alias a on t.id is null and r.id is null
      and a.code = g.code and a."codeKind" = g.kind
    left join release ar on ar.id = a."releaseId"
    left join royalty_rate rr on rr."artistId" = ${artistId}
    ${postgres ? sql`order by g.code, g.kind, g.store, g.country, g."saleMonth"` : sql``}
  `;
  if (!postgres) {
    await grouping.execute(database.db);
    return;
  }
  // Room to sort a million lines mostly in memory (PostgreSQL's default is 4 MB).
  await database.db.transaction().execute(async (trx) => {
    await sql`set local work_mem = '64MB'`.execute(trx);
    await grouping.execute(trx);
  });
}

/** Drops the statement's staged lines of partitions [from, to) (all of them on PostgreSQL: its partition). */
export async function deleteStagedLines(
  database: DatabaseHandle,
  statementId: string,
  range: PartitionRange,
) {
  if (database.dialect === "postgres") return dropPartition(database, statementId);
  ensureSqliteStaging(database);
  await sql`delete from statement_line as l where l."statementId" = ${statementId}
    ${inPartitions(range, false)}`.execute(database.db);
}
