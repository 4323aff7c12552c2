import { STATEMENT_FIELD_LABELS } from "../../../shared/statement-fields";
import { statementMessages as m } from "../../../shared/statement-messages";
import type { StatementMapping } from "../../../shared/statement-schemas";
import { parseDecimal } from "./statement-money";
import { parseSaleMonth } from "./statement-months";

/** How each line is read: column positions and the values for the whole file. */
export interface LineRules {
  columns: Record<keyof StatementMapping | "title" | "artist", number | null>;
  store: string | null;
  saleMonth: string | null;
  currency: string | null;
}

/** One line, read: its code and its money in the line's own currency (10⁻¹⁰). */
export interface StatementLine {
  lineNo: number;
  isrc: string | null;
  upc: string | null;
  store: string;
  country: string;
  saleMonth: string;
  quantity: bigint;
  currency: string;
  amount: bigint;
  title: string | null;
  artist: string | null;
}

export type ReadLine = { ok: true; line: StatementLine } | { ok: false; error: string };

/** An ISRC as matched: upper-cased, hyphens and spaces removed. */
export const compactIsrc = (value: string) => value.replace(/[\s-]/g, "").toUpperCase();

/** A UPC as matched: its digits, a 12-digit UPC-A written as the 13-digit EAN it is. */
export function compactUpc(value: string): string {
  const digits = value.replace(/[\s-]/g, "");
  return /^\d{12}$/.test(digits) ? `0${digits}` : digits;
}

/** Header positions for the chosen columns (null: not in this file). */
export function columnPositions(
  headers: readonly string[],
  mapping: StatementMapping,
  names: { title: string | null; artist: string | null },
): LineRules["columns"] {
  const at = (header: string | null) => {
    if (header === null) return null;
    const index = headers.indexOf(header);
    return index >= 0 ? index : null;
  };
  return {
    isrc: at(mapping.isrc),
    upc: at(mapping.upc),
    store: at(mapping.store),
    country: at(mapping.country),
    saleMonth: at(mapping.saleMonth),
    quantity: at(mapping.quantity),
    netRevenue: at(mapping.netRevenue),
    currency: at(mapping.currency),
    title: at(names.title),
    artist: at(names.artist),
  };
}

/** Reads one record; a line that cannot be read is its error sentence. */
export function readLine(cells: readonly string[], lineNo: number, rules: LineRules): ReadLine {
  const { columns } = rules;
  const cell = (index: number | null) => (index === null ? "" : (cells[index] ?? "").trim());
  const needed = Math.max(...Object.values(columns).map((c) => c ?? -1));
  if (cells.length <= needed) return { ok: false, error: m.lineColumns(lineNo) };

  const revenueText = cell(columns.netRevenue);
  const amount = parseDecimal(revenueText);
  if (amount === null) {
    return {
      ok: false,
      error: m.lineNotNumber(lineNo, STATEMENT_FIELD_LABELS.netRevenue, revenueText),
    };
  }
  const quantityText = cell(columns.quantity).replace(/,/g, "");
  let quantity = 0n;
  if (quantityText !== "") {
    const parsed = /^[+-]?\d+(\.0*)?$/.test(quantityText)
      ? BigInt(quantityText.replace(/\.0*$/, ""))
      : null;
    if (parsed === null) {
      return {
        ok: false,
        error: m.lineNotNumber(lineNo, STATEMENT_FIELD_LABELS.quantity, cell(columns.quantity)),
      };
    }
    quantity = parsed;
  }
  const isrc = compactIsrc(cell(columns.isrc)) || null;
  const upc = compactUpc(cell(columns.upc)) || null;
  if (!isrc && !upc) return { ok: false, error: m.lineNoCode(lineNo) };

  const monthText = columns.saleMonth === null ? (rules.saleMonth ?? "") : cell(columns.saleMonth);
  const saleMonth = parseSaleMonth(monthText);
  if (saleMonth === null) return { ok: false, error: m.lineBadMonth(lineNo, monthText) };

  const currency = (
    columns.currency === null
      ? (rules.currency ?? "")
      : cell(columns.currency) || rules.currency || ""
  ).toUpperCase();
  if (!/^[A-Z]{3}$/.test(currency)) return { ok: false, error: m.lineNoCurrency(lineNo) };

  const store = (columns.store === null ? "" : cell(columns.store)) || rules.store || "Other";
  return {
    ok: true,
    line: {
      lineNo,
      isrc,
      upc,
      store: store.slice(0, 100),
      country: cell(columns.country).slice(0, 100),
      saleMonth,
      quantity,
      currency,
      amount,
      title: cell(columns.title).slice(0, 300) || null,
      artist: cell(columns.artist).slice(0, 300) || null,
    },
  };
}
