import { formatPaise } from "./money-format";

/**
 * The most a statement's amounts may add up to (their sizes, in rupees):
 * 10¹³, a thousand times any label's year; its paise stay exact numbers.
 */
export const STATEMENT_MAX_RUPEES = 10_000_000_000_000;

/** Every sentence the statements feature says (issue 46), quoted exactly where the issue names it. */
export const statementMessages = {
  financeOnly: "Only finance agents can work with statements.",
  agentsOnly: "Only agents can see artists' balances.",
  needsNetRevenue: "Choose the column that holds the net revenue.",
  needsCode: "Choose the column that holds the ISRC or the UPC (or both).",
  needsStore: "Choose the store column, or the store for the whole file.",
  needsSaleMonth: "Choose the sale month column, or the sale month for the whole file.",
  needsCurrency: "Choose the currency column, or the currency for the whole file.",
  saleMonthFormat: "Enter the sale month as YYYY-MM, like 2026-10.",
  currencyFormat: "Enter a three-letter currency code, like USD.",
  rateRequired: (code: string) => `Enter what 1 ${code} is in rupees.`,
  tooLarge: `This statement's amounts add up to more than ${formatPaise(STATEMENT_MAX_RUPEES * 100)} (ten lakh crore rupees): check its Net revenue column and exchange rates.`,
  rateFormat: (code: string) =>
    `1 ${code} in rupees must be a number above 0 with at most 6 decimals.`,
  alreadyImported: (date: string) => `This statement was already imported on ${date}.`,
  notReadable: "This file could not be read as a CSV or TSV statement.",
  /** A gzip whose text is over the size a statement may have (a few KB can unpack to gigabytes). */
  tooLargeUnpacked: (maxBytes: number) =>
    `This statement is over ${Math.round(maxBytes / (1024 * 1024))} MB once uncompressed.`,
  noHeader: "This file has no header line.",
  notFound: "This statement does not exist.",
  hasLineErrors: "This statement has lines that cannot be read; fix the file and upload it again.",
  notPreviewed: "Preview the statement before importing it.",
  alreadyImporting: "This statement is already being imported.",
  notImported: "Only an imported statement can be reversed.",
  /** Assign on a statement not previewed yet (or whose reading failed). */
  notAssignable: "Preview the statement before assigning its codes.",
  alreadyReversed: "This statement was already reversed.",
  notUnmatched: "This code has no unmatched lines in this statement.",
  changedWhileAssigning:
    "This statement changed while the code was being assigned; nothing was assigned. Open it again.",
  trackNotFound: "This track does not exist.",
  royaltyRate: "Enter a royalty rate from 0 to 100, with at most 2 decimals.",
  artistNotFound: "This artist does not exist.",
  // Line errors: `Line 17: Net revenue "abc" is not a number.`
  lineNotNumber: (line: number, label: string, value: string) =>
    `Line ${line}: ${label} "${value}" is not a number.`,
  lineNoCode: (line: number) => `Line ${line}: it has neither an ISRC nor a UPC.`,
  lineBadMonth: (line: number, value: string) =>
    `Line ${line}: Sale month "${value}" is not a month.`,
  lineNoCurrency: (line: number) => `Line ${line}: it has no currency.`,
  lineNul: (line: number) => `Line ${line}: a cell holds an invisible NUL character.`,
  lineColumns: (line: number) => `Line ${line}: it does not have as many cells as the header.`,
  moreErrors: (count: number) => `and ${count} more`,
} as const;
