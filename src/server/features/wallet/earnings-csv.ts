import { paiseToDecimal } from "../../../shared/money-format";
import { EARNINGS_CSV_HEADER } from "../../../shared/wallet-text";

/**
 * One CSV cell: always quoted, quotes doubled, and a value a spreadsheet
 * could run as a formula (starting with =, +, - or @) prefixed with `'`,
 * as issue 46 states it: a refund's "-0.05" too (a spreadsheet reads it as
 * text, the price of a rule with no exception to get wrong).
 */
export function csvCell(value: string): string {
  const safe = /^[=+\-@]/.test(value) ? `'${value}` : value;
  return `"${safe.replaceAll('"', '""')}"`;
}

export function csvRow(cells: readonly string[]): string {
  return `${cells.map(csvCell).join(",")}\r\n`;
}

/** The header line, exactly `Sale month,Store,Country,Track,ISRC,Quantity,Amount (Rs.)`. */
export const EARNINGS_CSV_HEADER_LINE = `${EARNINGS_CSV_HEADER.join(",")}\r\n`;

/** A line as the CSV shows it (the amount in rupees, exact, from paise). */
export interface EarningsCsvLine {
  saleMonth: string;
  store: string;
  country: string;
  track: string;
  isrc: string;
  quantity: number;
  amountPaise: number;
}

export function earningsCsvRow(line: EarningsCsvLine): string {
  return csvRow([
    line.saleMonth,
    line.store,
    line.country,
    line.track,
    line.isrc,
    String(line.quantity),
    paiseToDecimal(line.amountPaise),
  ]);
}
