import { statementMessages as m } from "../../../shared/statement-messages";
import type { StatementPreviewInput } from "../../../shared/statement-schemas";
import type { DatabaseHandle } from "../../db/database";
import { nameColumns } from "./statement-columns";
import { readingSettings, type ReadingSettings } from "./statement-detail";
import { LineCombiner } from "./statement-combiner";
import {
  columnPositions,
  emptyLine,
  lastColumnOf,
  readLine,
  type LineRules,
} from "./statement-lines";
import { MAX_STATEMENT_RUPEE_UNITS, RUPEE_RATE, parseRate } from "./statement-money";
import { readRecords, type OpenFile, type RecordSink } from "./statement-reader";
import { findStatement, updateStatement } from "./statement-repository";
import { clearStaging, forEachPartitionRange, totalsBySlices } from "./statement-bulk";
import { yieldToLoop } from "./statement-slices";
import { groupStagedLines, lineStager } from "./statement-staging-repository";
import { PARTITIONS } from "./statement-stager-repository";

/** Line errors the statement keeps word for word; the rest are counted. */
const KEPT_ERRORS = 20;
/** Reading yields to the event loop at least this often (ms). */
const READ_SLICE_MS = 15;
/** Lines per range of partitions when the grouping starts on SQLite (then sized by time). */
const GROUP_LINES = 3000;

export interface PreviewDeps {
  database: DatabaseHandle;
  defaultRoyaltyBasisPoints: number;
  /** Streams the statement's file from its start. */
  open: OpenFile;
  /** The stored file's size in bytes, for the percentage (0: unknown). */
  size: number;
}

/** The columns and values a preview reads the file with. */
export function settingsWith(
  settings: ReadingSettings,
  input: StatementPreviewInput,
): ReadingSettings {
  return {
    ...settings,
    mapping: input.mapping,
    store: input.store,
    saleMonth: input.saleMonth,
    currency: input.currency,
  };
}

/** The statement's rates (10⁻⁶ rupees) by currency, INR's own included. */
function ratesOf(ratesJson: string): Map<string, bigint> {
  const rates = new Map<string, bigint>([["INR", RUPEE_RATE]]);
  for (const [code, text] of Object.entries(JSON.parse(ratesJson) as Record<string, string>)) {
    const rate = parseRate(text);
    if (rate !== null && code !== "INR") rates.set(code, rate);
  }
  return rates;
}

function rulesOf(settings: ReadingSettings): LineRules {
  const columns = columnPositions(
    settings.headers,
    settings.mapping,
    nameColumns(settings.headers, settings.mapping),
  );
  return {
    columns,
    lastColumn: lastColumnOf(columns),
    store: settings.store,
    saleMonth: settings.saleMonth,
    currency: settings.currency,
  };
}

/** What reading the whole file found. */
interface Reading {
  errors: string[];
  errorCount: number;
  lineCount: number;
  currencies: Set<string>;
  missingRates: Set<string>;
  stores: Set<string>;
  saleMonths: Set<string>;
  size: StatementSize;
}

/**
 * How large a statement's amounts are: their sizes (negative ones too)
 * summed per currency as read, one BigInt addition a line, and converted
 * once at the end to compare with MAX_STATEMENT_RUPEE_UNITS.
 */
class StatementSize {
  private readonly byCurrency = new Map<string, bigint>();
  private currency = "";
  private amount = 0n;

  add(currency: string, amount: bigint): void {
    if (currency !== this.currency) {
      this.byCurrency.set(this.currency, this.amount);
      this.currency = currency;
      this.amount = this.byCurrency.get(currency) ?? 0n;
    }
    this.amount += amount < 0n ? -amount : amount;
  }

  /** Whether the amounts, at these rates, add up to more than a statement may. */
  tooLarge(rates: Map<string, bigint>): boolean {
    this.byCurrency.set(this.currency, this.amount);
    let units = 0n;
    for (const [currency, amount] of this.byCurrency) units += amount * (rates.get(currency) ?? 0n);
    return units > MAX_STATEMENT_RUPEE_UNITS;
  }
}

/**
 * Streams every line, summed by group as far as the combiner's bound allows,
 * into the staging table (one COPY on PostgreSQL, batched on SQLite),
 * keeping only counts, errors and the sets the statement lists; the groups
 * are finished later, in SQL.
 */
async function readIntoStaging(
  deps: PreviewDeps,
  statementId: string,
  settings: ReadingSettings,
  rates: Map<string, bigint>,
): Promise<Reading> {
  const { db } = deps.database;
  const rules = rulesOf(settings);
  const reading: Reading = {
    errors: [],
    errorCount: 0,
    lineCount: 0,
    currencies: new Set(),
    missingRates: new Set(),
    stores: new Set(),
    saleMonths: new Set(),
    size: new StatementSize(),
  };
  const stager = await lineStager(deps.database, statementId);
  const combiner = new LineCombiner((passed, rupeeUnits) => stager.passLine(passed, rupeeUnits));
  // Every line is read into this one (decision 125); the combiner copies what it keeps.
  const line = emptyLine();
  let progress = 0;
  let bytes = 0;
  let turn = performance.now();
  const progressNow = () =>
    deps.size > 0 ? Math.min(99, Math.floor((bytes / deps.size) * 100)) : 0;
  const progressDue = () => progressNow() >= progress + 5;
  /** What waits between chunks: staging a full combiner, the percentage, a turn of the loop. */
  const between = async () => {
    if (combiner.full) await stager.write(combiner.drain());
    await stager.flush();
    if (progressDue()) {
      progress = progressNow();
      await updateStatement(db, statementId, { progress }, ["previewing"]);
    }
    await yieldToLoop();
    turn = performance.now();
  };
  const sink: RecordSink = {
    record: (cells, lineNumber) => {
      reading.lineCount += 1;
      const error = readLine(cells, lineNumber, rules, line);
      if (error !== null) {
        reading.errorCount += 1;
        if (reading.errors.length < KEPT_ERRORS) reading.errors.push(error);
        return;
      }
      if (line.currency !== "INR") reading.currencies.add(line.currency);
      reading.stores.add(line.store);
      reading.saleMonths.add(line.saleMonth);
      const rate = rates.get(line.currency);
      // A line without its rate is not summed: the preview asks for the rate instead.
      if (rate === undefined) reading.missingRates.add(line.currency);
      else {
        combiner.add(line, rate);
        reading.size.add(line.currency, line.amount);
      }
    },
    // Chunks come without a turn of the loop: give it one now and then.
    afterChunk: () =>
      combiner.full || stager.waiting || progressDue() || performance.now() - turn > READ_SLICE_MS
        ? between()
        : null,
  };
  try {
    await readRecords(deps.open, settings, sink, (read) => (bytes = read));
    if (combiner.size > 0) await stager.write(combiner.drain());
    await stager.end();
  } catch (err) {
    stager.abort();
    throw err;
  }
  return reading;
}

/**
 * Streams the file into the staging table and its groups (issue 46):
 * every line read exactly, converted at the statement's rates, grouped per
 * code, store, country and month; each group rounded half up to the paisa
 * once, matched to its track or release, and split at the artist's rate.
 * Leaves the statement in `preview` with its totals and line errors, or
 * with a `failure` naming a currency that still needs its rate.
 */
export async function runPreview(deps: PreviewDeps, statementId: string): Promise<void> {
  const { database } = deps;
  const { db } = database;
  const row = await findStatement(db, statementId);
  if (row?.state !== "previewing") return;
  await clearStaging(database, statementId, true);
  const rates = ratesOf(row.rates);
  const reading = await readIntoStaging(deps, statementId, readingSettings(row), rates);
  const summary = {
    lineCount: reading.lineCount,
    stores: JSON.stringify([...reading.stores].sort()),
    saleMonths: JSON.stringify([...reading.saleMonths].sort()),
    currencies: JSON.stringify([...reading.currencies].sort()),
    lineErrors: JSON.stringify(reading.errors),
    lineErrorCount: reading.errorCount,
    state: "preview",
    progress: 100,
  };
  const missing = [...reading.missingRates].sort()[0];
  const failure =
    missing !== undefined
      ? m.rateRequired(missing)
      : reading.size.tooLarge(rates)
        ? m.tooLarge
        : null;
  if (failure !== null) {
    await updateStatement(db, statementId, { ...summary, failure }, ["previewing"]);
    return;
  }
  const firstWidth = (PARTITIONS / Math.max(1, reading.lineCount)) * GROUP_LINES;
  await forEachPartitionRange(
    database,
    (range) => groupStagedLines(database, statementId, deps.defaultRoyaltyBasisPoints, range),
    firstWidth,
  );
  const totals = await totalsBySlices(database, db, statementId);
  await updateStatement(db, statementId, { ...summary, ...totals, failure: null }, ["previewing"]);
}
