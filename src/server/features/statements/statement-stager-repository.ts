import { PassThrough } from "node:stream";
import type { DatabaseHandle } from "../../db/database";
import type { StagedGroup } from "./statement-combiner";
import { CopyRows, copyRow, copyText } from "./statement-copy-text";
import type { StatementLine } from "./statement-lines";
import { yieldToLoop } from "./statement-slices";

/*
 * How a preview's staged parts reach the staging table (decisions 110, 123,
 * 124): on PostgreSQL one COPY for the whole file, written with
 * backpressure; on SQLite prepared inserts, each row placed by its rowid in
 * its group's partition. Summed groups come in batches; a line passed
 * through comes alone and is staged at once, so that nothing keeps the
 * line the reading reuses.
 */

/**
 * SQLite's lines fall into [0, PARTITIONS): few enough that each run's last
 * page stays cached (4,096 did not), and enough that one partition's
 * grouping is a short slice (512 made slices of 115–149 ms for a million
 * distinct groups; 1,024 at most 109 ms, at the same speed; decision 126).
 */
export const PARTITIONS = 1024;
/** A partition's rowids: partition × 2^40 + a running number. */
export const PARTITION_ROWIDS = 2 ** 40;
let rowSequence = 0;

/** Writes staged groups; `end` waits until every one is in. */
export interface LineStager {
  /** Stages a line as a part of its own, keeping nothing of the line (it is read into again). */
  passLine(line: StatementLine, rupeeUnits: bigint): void;
  /** Whether passed lines wait to be sent: `flush` then sends them. */
  readonly waiting: boolean;
  flush(): Promise<void>;
  write(groups: readonly StagedGroup[]): Promise<void>;
  end(): Promise<void>;
  /** Gives up: a COPY cut short loads nothing. */
  abort(): void;
}

const COLUMNS = [
  "statementId",
  "isrc",
  "upc",
  "store",
  "country",
  "saleMonth",
  "quantity",
  "lineCount",
  "rupeeUnits",
  "title",
  "artist",
] as const;

/**
 * A code's groups spread over this many neighbouring partitions, so that a
 * statement of few codes and many groups each still groups in short slices
 * (a code sold in 250 countries, 7 stores and 12 months has 21,000 groups).
 */
export const CODE_SPREAD = 8;
const FNV_OFFSET = 0x811c9dc5;

/** FNV-1a over `text`, continuing from `hash`. */
function fnv1a(hash: number, text: string): number {
  let h = hash;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h;
}

/**
 * A group's partition: its code's bucket (a hash of kind and code) times
 * CODE_SPREAD, plus a hash of its store, country and month. Every part of
 * a group lands in the same partition, and a range of partitions holds few
 * codes: its groups go into statement_group's code and track indexes at a
 * few places. Partitions by the whole key put every range's thousand groups
 * at a thousand places, and each range's commit wrote as many index pages
 * to the WAL: a preview of a million distinct groups took 57–78 s, 26–33
 * with a range's codes together (decision 143).
 */
export function partitionOf(group: StagedGroup): number {
  const code =
    group.isrc === null
      ? fnv1a(fnv1a(FNV_OFFSET, "u"), group.upc ?? "")
      : fnv1a(fnv1a(FNV_OFFSET, "i"), group.isrc);
  let rest = fnv1a(FNV_OFFSET, group.store);
  rest = fnv1a(fnv1a(rest, "\u0000"), group.country);
  rest = fnv1a(fnv1a(rest, "\u0000"), group.saleMonth);
  const bucket = (code >>> 0) % (PARTITIONS / CODE_SPREAD);
  return bucket * CODE_SPREAD + ((rest >>> 0) % CODE_SPREAD);
}

/** PostgreSQL: one COPY for the whole file, written with backpressure. */
export function copyStager(database: DatabaseHandle, statementId: string): LineStager {
  const copyFrom = database.copyFrom!;
  const data = new PassThrough();
  const state: { failure: Error | null } = { failure: null };
  const check = () => {
    if (state.failure) throw state.failure;
  };
  const columns = COLUMNS.map((c) => `"${c}"`).join(", ");
  const prefix = `${copyText(statementId)}\t`;
  const done = copyFrom(`copy statement_line (${columns}) from stdin`, data).catch(
    (err: unknown) => {
      state.failure = err instanceof Error ? err : new Error(String(err));
      data.destroy();
    },
  );
  const rows = new CopyRows();
  /** Full chunks of passed lines, sent at the next flush. */
  let queued: Buffer[] = [];
  const send = async (bytes: Buffer | null) => {
    if (bytes && !data.write(bytes)) {
      await new Promise<void>((resolve) => {
        data.once("drain", resolve);
        data.once("close", resolve);
      });
    }
  };
  const flush = async () => {
    // A failed COPY has closed the stream: a write would wait for a drain that never comes.
    check();
    const chunks = queued;
    queued = [];
    for (const chunk of chunks) await send(chunk);
  };
  return {
    passLine(line, rupeeUnits) {
      // Written into the COPY buffer at once: the line's cells die young.
      const full = rows.add(copyRow(prefix, line, 1, rupeeUnits));
      if (full) queued.push(full);
    },
    get waiting() {
      return queued.length > 0;
    },
    flush,
    async write(groups) {
      check();
      await flush();
      let turn = performance.now();
      for (const group of groups) {
        await send(rows.add(copyRow(prefix, group, group.lineCount, group.rupeeUnits)));
        // A bound's worth of groups at once: a turn of the loop now and then.
        if (performance.now() - turn > SLICE_MS) {
          await yieldToLoop();
          turn = performance.now();
        }
      }
      check();
    },
    async end() {
      await flush();
      await send(rows.take());
      check();
      data.end();
      await done;
      check();
    },
    abort() {
      data.destroy(new Error("staging abandoned"));
    },
  };
}

/** Staging yields to the event loop at least this often (ms). */
const SLICE_MS = 15;

/** Rows per SQLite transaction: a few ms each, a turn of the event loop between them. */
const SQLITE_ROWS = 500;

/** SQLite: a prepared insert per row, placed by rowid in its partition's run (its TEMP table made by the caller). */
export function sqliteStager(database: DatabaseHandle, statementId: string): LineStager {
  const sqlite = database.sqlite!;
  const insert = sqlite.prepare(
    `insert into statement_line (rowid, ${COLUMNS.map((c) => `"${c}"`).join(", ")}) values (?, ${COLUMNS.map(() => "?").join(", ")})`,
  );
  const writeNow = sqlite.transaction((groups: readonly StagedGroup[]) => {
    for (const g of groups) {
      // Arguments written out: an array spread per row was garbage a million times over.
      insert.run(
        partitionOf(g) * PARTITION_ROWIDS + ++rowSequence,
        statementId,
        g.isrc,
        g.upc,
        g.store,
        g.country,
        g.saleMonth,
        g.quantity,
        g.lineCount,
        g.rupeeUnits.toString(),
        g.title,
        g.artist,
      );
    }
  });
  let passed: StagedGroup[] = [];
  const write = async (groups: readonly StagedGroup[]) => {
    for (let i = 0; i < groups.length; i += SQLITE_ROWS) {
      const part = groups.slice(i, i + SQLITE_ROWS);
      // Kysely's connection is held while the prepared statement runs: no Kysely transaction is open on it.
      await database.db.connection().execute(() => Promise.resolve(writeNow(part)));
      if (i + SQLITE_ROWS < groups.length) await yieldToLoop();
    }
  };
  const flush = async () => {
    const parts = passed;
    passed = [];
    await write(parts);
  };
  return {
    passLine(line, rupeeUnits) {
      passed.push(passedPart(line, rupeeUnits));
    },
    get waiting() {
      return passed.length >= SQLITE_ROWS;
    },
    flush,
    async write(groups) {
      await flush();
      await write(groups);
    },
    end: flush,
    abort: () => {},
  };
}

/**
 * A line as a part of its own, for SQLite's prepared insert: the fields it
 * stages, copied out of the line the reading reuses. Kept until its chunk's
 * batch is inserted (the insert needs the connection Kysely guards), so V8
 * may still tenure these with their cells, as it did PostgreSQL's passed
 * parts (decision 126).
 */
function passedPart(line: StatementLine, rupeeUnits: bigint): StagedGroup {
  return {
    isrc: line.isrc,
    upc: line.isrc === null ? line.upc : null,
    store: line.store,
    country: line.country,
    saleMonth: line.saleMonth,
    quantity: line.quantity,
    lineCount: 1,
    rupeeUnits,
    title: line.title,
    artist: line.artist,
  };
}
