import { STATEMENT_FIELDS } from "../../../shared/statement-fields";
import type { StatementMapping } from "../../../shared/statement-schemas";
import {
  STATEMENT_STATES,
  type StatementDetail,
  type StatementState,
  type StatementSummary,
} from "../../../shared/responses/statements";
import type { StatementRow } from "./statement-repository";

/**
 * How a statement's file is read, kept as JSON in its `mapping` column: the
 * header line, the file's shape, and the columns and whole-file values of
 * the last preview (the proposal until then).
 */
export interface ReadingSettings {
  headers: string[];
  gzip: boolean;
  delimiter: string;
  mapping: StatementMapping;
  store: string | null;
  saleMonth: string | null;
  currency: string | null;
}

const emptyMapping = (): StatementMapping =>
  Object.fromEntries(STATEMENT_FIELDS.map((f) => [f, null])) as StatementMapping;

export function readingSettings(row: Pick<StatementRow, "mapping">): ReadingSettings {
  const parsed = JSON.parse(row.mapping) as Partial<ReadingSettings>;
  return {
    headers: parsed.headers ?? [],
    gzip: parsed.gzip ?? false,
    delimiter: parsed.delimiter ?? ",",
    mapping: { ...emptyMapping(), ...parsed.mapping },
    store: parsed.store ?? null,
    saleMonth: parsed.saleMonth ?? null,
    currency: parsed.currency ?? null,
  };
}

const jsonList = (text: string) => JSON.parse(text) as string[];
const stateOf = (state: string): StatementState =>
  (STATEMENT_STATES as readonly string[]).includes(state) ? (state as StatementState) : "failed";

export function toSummary(row: StatementRow): StatementSummary {
  return {
    id: row.id,
    fileName: row.fileName,
    state: stateOf(row.state),
    stores: jsonList(row.stores),
    saleMonths: jsonList(row.saleMonths),
    lineCount: row.lineCount,
    totalPaise: row.totalPaise,
    // A statement the CLI imported has no user: "cli" (statement-service.ts).
    createdBy: { id: row.createdBy, name: row.createdByName ?? "Command line" },
    createdAt: row.createdAt,
    importedAt: row.importedAt,
    reversedAt: row.reversedAt,
  };
}

/** Whether a preview ran to its totals (not stopped for want of a rate). */
export const hasTotals = (row: StatementRow) =>
  ["preview", "importing", "imported", "reversed"].includes(row.state) ||
  (row.state === "failed" && row.importedAt !== null);

export function toDetail(row: StatementRow): StatementDetail {
  const settings = readingSettings(row);
  return {
    ...toSummary(row),
    headers: settings.headers,
    mapping: settings.mapping,
    store: settings.store,
    saleMonth: settings.saleMonth,
    currency: settings.currency,
    rates: JSON.parse(row.rates) as Record<string, string>,
    currencies: jsonList(row.currencies),
    totals:
      row.state === "preview" && row.failure !== null
        ? null
        : hasTotals(row)
          ? {
              lineCount: row.lineCount,
              matchedCount: row.matchedCount,
              unmatchedCount: row.unmatchedCount,
              totalPaise: row.totalPaise,
              artistsPaise: row.artistsPaise,
              labelPaise: row.labelPaise,
              unmatchedPaise: row.unmatchedPaise,
            }
          : null,
    lineErrors: jsonList(row.lineErrors),
    lineErrorCount: row.lineErrorCount,
    progress: row.progress,
    failure: row.failure,
  };
}

const SHORT_MONTHS = [
  "Jan",
  "Feb",
  "Mar",
  "Apr",
  "May",
  "Jun",
  "Jul",
  "Aug",
  "Sep",
  "Oct",
  "Nov",
  "Dec",
];

/** "12 Nov 2026" (UTC): the day a refused file was imported. */
export function importDay(epochMs: number): string {
  const d = new Date(epochMs);
  return `${d.getUTCDate()} ${SHORT_MONTHS[d.getUTCMonth()]} ${d.getUTCFullYear()}`;
}
