import { STATEMENT_FIELD_LABELS } from "../../../shared/statement-fields";
import { statementMessages as m } from "../../../shared/statement-messages";
import type { StatementMapping } from "../../../shared/statement-schemas";
import { parseDecimal, withoutDigitGroups } from "./statement-money";
import { parseSaleMonth } from "./statement-months";

/** How each line is read: column positions and the values for the whole file. */
export interface LineRules {
  columns: Record<keyof StatementMapping | "title" | "artist", number | null>;
  /** The last column a line needs (-1: none). */
  lastColumn: number;
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

/** A line to read into, again and again (see `readLine`). */
export const emptyLine = (): StatementLine => ({
  lineNo: 0,
  isrc: null,
  upc: null,
  store: "",
  country: "",
  saleMonth: "",
  quantity: 0n,
  currency: "",
  amount: 0n,
  title: null,
  artist: null,
});

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

/** The last of the columns a line needs (-1: none). */
export const lastColumnOf = (columns: LineRules["columns"]) =>
  Math.max(...Object.values(columns).map((c) => c ?? -1));

/** A cell, trimmed ("" when the column is not in this file or the line is short of it). */
function cellAt(cells: readonly string[], index: number | null): string {
  return index === null ? "" : (cells[index] ?? "").trim();
}

/** A statement repeats a few month spellings a million times: each is read once. */
const monthsRead = new Map<string, string | null>();
function saleMonthOf(text: string): string | null {
  let month = monthsRead.get(text);
  if (month === undefined) {
    month = parseSaleMonth(text);
    if (monthsRead.size >= 4096) monthsRead.clear();
    monthsRead.set(text, month);
  }
  return month;
}

const CURRENCY = /^[A-Z]{3}$/;
const WHOLE_QUANTITY = /^[+-]?\d+(\.0*)?$/;

/** A quantity beyond ±10¹² is a broken cell: its line's error, not a sum that overflows. */
const MAX_QUANTITY = 10n ** 12n;

/**
 * A quantity cell: a whole number (digit groups' separators allowed) up to
 * ±10¹², 0 when empty; null when not one.
 */
function quantityOf(text: string): bigint | null {
  if (text === "") return 0n;
  let value = text;
  if (!WHOLE_QUANTITY.test(value)) {
    // Separators only between digit groups, as in an amount ("12,5" is a decimal comma, "1,2,3" a typo).
    const ungrouped = withoutDigitGroups(value);
    if (ungrouped === null || !WHOLE_QUANTITY.test(ungrouped)) return null;
    value = ungrouped;
  }
  const dot = value.indexOf(".");
  const quantity = BigInt(dot >= 0 ? value.slice(0, dot) : value);
  return quantity > MAX_QUANTITY || quantity < -MAX_QUANTITY ? null : quantity;
}

/** Whether a kept cell holds U+0000 (no array a line: this runs a million times a file). */
const hasNul = (cell: string | null) => cell !== null && cell.includes("\u0000");

const notNumber = (lineNo: number, field: "netRevenue" | "quantity", text: string) =>
  m.lineNotNumber(lineNo, STATEMENT_FIELD_LABELS[field], text);

/**
 * Reads one record into `line`, overwriting what it held; answers null, or
 * the sentence that refuses the record. One line object serves a whole file
 * (decision 125): with a fresh object a line, V8 came to allocate every
 * line in old space in one process of four, and the reading ran at half
 * speed. A caller copies what it keeps of a line.
 */
export function readLine(
  cells: readonly string[],
  lineNo: number,
  rules: LineRules,
  line: StatementLine,
): string | null {
  const { columns } = rules;
  if (cells.length <= rules.lastColumn) return m.lineColumns(lineNo);

  const revenueText = cellAt(cells, columns.netRevenue);
  const amount = parseDecimal(revenueText);
  if (amount === null) return notNumber(lineNo, "netRevenue", revenueText);
  const quantityText = cellAt(cells, columns.quantity);
  const quantity = quantityOf(quantityText);
  if (quantity === null) return notNumber(lineNo, "quantity", quantityText);
  const isrc = compactIsrc(cellAt(cells, columns.isrc)) || null;
  // A line with an ISRC is its track's sale, its UPC no part of its group: not read.
  const upc = isrc === null ? compactUpc(cellAt(cells, columns.upc)) || null : null;
  if (!isrc && !upc) return m.lineNoCode(lineNo);

  const monthText =
    columns.saleMonth === null ? (rules.saleMonth ?? "") : cellAt(cells, columns.saleMonth);
  const saleMonth = saleMonthOf(monthText);
  if (saleMonth === null) return m.lineBadMonth(lineNo, monthText);

  const currency = (
    columns.currency === null
      ? (rules.currency ?? "")
      : cellAt(cells, columns.currency) || rules.currency || ""
  ).toUpperCase();
  if (!CURRENCY.test(currency)) return m.lineNoCurrency(lineNo);

  const store = cellAt(cells, columns.store) || rules.store || "Other";
  const country = cellAt(cells, columns.country);
  const title = cellAt(cells, columns.title);
  const artist = cellAt(cells, columns.artist);
  // PostgreSQL cannot store NUL in text (SQLite can): one rule on both engines.
  if (
    hasNul(isrc) ||
    hasNul(upc) ||
    hasNul(store) ||
    hasNul(country) ||
    hasNul(title) ||
    hasNul(artist)
  ) {
    return m.lineNul(lineNo);
  }
  line.lineNo = lineNo;
  line.isrc = isrc;
  line.upc = upc;
  line.store = store.slice(0, 100);
  line.country = country.slice(0, 100);
  line.saleMonth = saleMonth;
  line.quantity = quantity;
  line.currency = currency;
  line.amount = amount;
  line.title = title.slice(0, 300) || null;
  line.artist = artist.slice(0, 300) || null;
  return null;
}
