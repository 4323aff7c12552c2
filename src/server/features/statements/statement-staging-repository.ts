import { PassThrough } from "node:stream";
import { sql, type RawBuilder } from "kysely";
import type { DatabaseHandle } from "../../db/database";
import { roundToPaise, safePaise } from "./statement-money";
import { yieldToLoop } from "./statement-slices";

/*
 * A statement's staged lines and their grouping, set-based (issue 46's
 * speed, decision 110). Lines are streamed in: one COPY into an UNLOGGED
 * table on PostgreSQL; on SQLite prepared inserts into a TEMP table whose
 * rowid puts each line in one of PARTITIONS runs by a hash of its group's
 * key, so a group's lines share a partition and a range of partitions is a
 * contiguous range of pages. Groups are summed in SQL (per range of
 * partitions on SQLite): exact money (numeric on PostgreSQL, BigInt in an
 * aggregate of our own on SQLite), matched to their owners and split at
 * their royalty rates in the same statement.
 */

/** SQLite's lines fall into [0, PARTITIONS): few enough that each run's last page stays cached. */
export const PARTITIONS = 512;
/** A partition's rowids: partition × 2^40 + a running number. */
const PARTITION_ROWIDS = 2 ** 40;
let rowSequence = 0;

/** One line as staged (amount: an integer string in 10⁻¹⁰ of its currency). */
export interface StagedLine {
  lineNo: number;
  isrc: string | null;
  upc: string | null;
  store: string;
  country: string;
  saleMonth: string;
  quantity: number;
  currency: string;
  amount: string;
  title: string | null;
  artist: string | null;
  /** [0, PARTITIONS): a hash of the group key (SQLite's layout; PostgreSQL ignores it). */
  partition: number;
}

/** Writes staged lines; `end` waits until every line is in. */
export interface LineStager {
  write(lines: readonly StagedLine[]): Promise<void>;
  end(): Promise<void>;
  /** Gives up: a COPY cut short loads nothing. */
  abort(): void;
}

const COLUMNS = [
  "statementId",
  "lineNo",
  "isrc",
  "upc",
  "store",
  "country",
  "saleMonth",
  "quantity",
  "currency",
  "amount",
  "title",
  "artist",
] as const;

const cellsOf = (statementId: string, l: StagedLine) => [
  statementId,
  l.lineNo,
  l.isrc,
  l.upc,
  l.store,
  l.country,
  l.saleMonth,
  l.quantity,
  l.currency,
  l.amount,
  l.title,
  l.artist,
];

/** A value in COPY's text format: \N for null, backslash, tab and line breaks escaped. */
function copyCell(value: string | number | null): string {
  if (value === null) return "\\N";
  if (typeof value === "number") return String(value);
  return value.replace(/[\\\t\n\r]/g, (c) =>
    c === "\\" ? "\\\\" : c === "\t" ? "\\t" : c === "\n" ? "\\n" : "\\r",
  );
}

/** PostgreSQL: one COPY for the whole file, written with backpressure. */
function copyStager(database: DatabaseHandle, statementId: string): LineStager {
  const copyFrom = database.copyFrom!;
  const data = new PassThrough();
  const state: { failure: Error | null } = { failure: null };
  const check = () => {
    if (state.failure) throw state.failure;
  };
  const columns = COLUMNS.map((c) => `"${c}"`).join(", ");
  const done = copyFrom(`copy statement_line (${columns}) from stdin`, data).catch(
    (err: unknown) => {
      state.failure = err instanceof Error ? err : new Error(String(err));
      data.destroy();
    },
  );
  return {
    async write(lines) {
      check();
      let text = "";
      for (const line of lines) text += `${cellsOf(statementId, line).map(copyCell).join("\t")}\n`;
      if (!data.write(text)) {
        await new Promise<void>((resolve) => {
          data.once("drain", resolve);
          data.once("close", resolve);
        });
      }
      check();
    },
    async end() {
      data.end();
      await done;
      check();
    },
    abort() {
      data.destroy(new Error("staging abandoned"));
    },
  };
}

/** Rows per SQLite transaction: a few ms each, a turn of the event loop between them. */
const SQLITE_ROWS = 500;

/** SQLite: a prepared insert per row, placed by rowid in its partition's run. */
function sqliteStager(database: DatabaseHandle, statementId: string): LineStager {
  const sqlite = database.sqlite!;
  ensureSqliteStaging(database);
  const insert = sqlite.prepare(
    `insert into statement_line (rowid, ${COLUMNS.map((c) => `"${c}"`).join(", ")}) values (?, ${COLUMNS.map(() => "?").join(", ")})`,
  );
  const writeNow = sqlite.transaction((lines: readonly StagedLine[]) => {
    for (const l of lines) {
      insert.run(l.partition * PARTITION_ROWIDS + ++rowSequence, ...cellsOf(statementId, l));
    }
  });
  return {
    async write(lines) {
      for (let i = 0; i < lines.length; i += SQLITE_ROWS) {
        const part = lines.slice(i, i + SQLITE_ROWS);
        // Kysely's connection is held while the prepared statement runs: no Kysely transaction is open on it.
        await database.db.connection().execute(() => Promise.resolve(writeNow(part)));
        if (i + SQLITE_ROWS < lines.length) await yieldToLoop();
      }
    },
    end: () => Promise.resolve(),
    abort: () => {},
  };
}

export function lineStager(database: DatabaseHandle, statementId: string): LineStager {
  return database.copyFrom
    ? copyStager(database, statementId)
    : sqliteStager(database, statementId);
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
      "statementId" text not null, "lineNo" integer not null, isrc text, upc text,
      store text not null, country text not null, "saleMonth" text not null,
      quantity bigint not null default 0, currency text not null, amount text not null,
      title text, artist text);
  `);
  // Scratch: no rollback journal on disk; enough cache for every partition's last page.
  sqlite.pragma("temp.journal_mode = memory");
  sqlite.pragma("temp.cache_size = -24576");
  staged.add(sqlite);
}

/**
 * SQLite's aggregates of our own: `statement_paise(amount, rate)` sums
 * amount × rate exactly (BigInt) and rounds once, half up, to the paisa;
 * `first_text(value order by …)` is the first value that is not null.
 */
function registerSqliteAggregates(database: DatabaseHandle) {
  const sqlite = database.sqlite;
  if (!sqlite || registered.has(sqlite)) return;
  sqlite.aggregate<bigint>("statement_paise", {
    start: 0n,
    varargs: true,
    // SQLite passes each of the call's arguments (the driver's types know one).
    step: (sum: bigint, ...args: unknown[]) => {
      const [amount, rate] = args as [string, string];
      return sum + BigInt(amount) * BigInt(rate);
    },
    // A BigInt comes back as SQLite's INTEGER (a number would be a REAL).
    result: (sum) => BigInt(safePaise(roundToPaise(sum))),
  });
  sqlite.aggregate<string | null>("first_text", {
    start: null,
    step: (first, value) => first ?? value,
  });
  registered.add(sqlite);
}

/** The rate (10⁻⁶ rupees, exact text) of each line's currency. */
function rateCase(rates: ReadonlyMap<string, bigint>, postgres: boolean): RawBuilder<unknown> {
  const arms = [...rates].map(([code, rate]) =>
    postgres
      ? sql`when ${code} then cast(${rate.toString()} as numeric)`
      : sql`when ${code} then ${rate.toString()}`,
  );
  return sql`case l.currency ${sql.join(arms, sql` `)} end`;
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
 * Groups the staged lines of partitions [from, to) into statement_group:
 * per code, store, country and sale month, the exact sum of amount × rate
 * rounded half up once (away from zero), quantities and lines counted, the
 * first title and artist the file gave; each group matched to its owner (a
 * track by claimed ISRC, a release by claimed UPC, else a code assigned by
 * hand) and split at the owner's royalty rate, half up, the label the rest.
 */
export async function groupStagedLines(
  database: DatabaseHandle,
  statementId: string,
  rates: ReadonlyMap<string, bigint>,
  defaultBasisPoints: number,
  range: PartitionRange,
): Promise<void> {
  const postgres = database.dialect === "postgres";
  registerSqliteAggregates(database);
  ensureSqliteStaging(database);
  const rate = rateCase(rates, postgres);
  const paise = postgres
    ? sql`cast(round(sum(cast(l.amount as numeric) * ${rate}) / 100000000000000) as bigint)`
    : sql`statement_paise(l.amount, ${rate})`;
  const first = (column: string) =>
    postgres
      ? sql`(array_agg(${sql.ref(`l.${column}`)} order by l."lineNo") filter (where ${sql.ref(`l.${column}`)} is not null))[1]`
      : sql`first_text(${sql.ref(`l.${column}`)} order by l."lineNo")`;
  const bp = sql`coalesce(rr."basisPoints", cast(${defaultBasisPoints} as integer))`;
  const artistShare = sql`case when g.paise >= 0 then (g.paise * ${bp} + 5000) / 10000
    else -((-g.paise * ${bp} + 5000) / 10000) end`;
  const artistId = sql`coalesce(tr."artistId", r."artistId", ar."artistId")`;
  await sql`
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
      select coalesce(l.isrc, l.upc) as code,
        case when l.isrc is not null then 'isrc' else 'upc' end as kind,
        l.store, l.country, l."saleMonth",
        cast(sum(l.quantity) as bigint) as quantity, count(*) as lines, ${paise} as paise,
        ${first("title")} as title, ${first("artist")} as artist
      from statement_line l
      where l."statementId" = ${statementId} ${inPartitions(range, postgres)}
      group by coalesce(l.isrc, l.upc), case when l.isrc is not null then 'isrc' else 'upc' end,
        l.store, l.country, l."saleMonth"
    ) g
    left join release_track t on g.kind = 'isrc' and t."isrcClaim" = g.code
    left join release tr on tr.id = t."releaseId"
    left join release r on g.kind = 'upc' and r."upcClaim" = g.code
    left join code_alias a on t.id is null and r.id is null
      and a.code = g.code and a."codeKind" = g.kind
    left join release ar on ar.id = a."releaseId"
    left join royalty_rate rr on rr."artistId" = ${artistId}
  `.execute(database.db);
}

/** Drops the statement's staged lines of partitions [from, to). */
export async function deleteStagedLines(
  database: DatabaseHandle,
  statementId: string,
  range: PartitionRange,
) {
  ensureSqliteStaging(database);
  const postgres = database.dialect === "postgres";
  await sql`delete from statement_line as l where l."statementId" = ${statementId}
    ${inPartitions(range, postgres)}`.execute(database.db);
}
