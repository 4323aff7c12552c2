import { paiseFromBigInt } from "../../../shared/paise";
import { STATEMENT_MAX_RUPEES } from "../../../shared/statement-messages";

/*
 * Exact money for statements (issue 46, decision 106): BigInt all the way,
 * never a float. Net revenue is kept in units of 10⁻¹⁰ of its currency, a
 * rate in 10⁻⁶ rupees, so a converted amount is exact in 10⁻¹⁶ rupees until
 * a group's sum is rounded once to the paisa.
 */

/** Net revenue scale: 10 decimals. */
export const AMOUNT_DECIMALS = 10;
/** Exchange rate scale: 6 decimals (the form allows at most 6). */
export const RATE_DECIMALS = 6;
const ONE_RUPEE_RATE = 10n ** BigInt(RATE_DECIMALS);
/** 10⁻¹⁶ rupees per paisa: amount scale × rate scale ÷ 100. */
const UNITS_PER_PAISA = 10n ** BigInt(AMOUNT_DECIMALS + RATE_DECIMALS - 2);

/**
 * STATEMENT_MAX_RUPEES in the units a converted amount is kept in (10⁻¹⁶
 * rupees). Beyond it a rate or a column is wrong, and the sums would no
 * longer fit the ledger's paise as exact numbers (2⁵³); the preview says so
 * instead of failing.
 */
export const MAX_STATEMENT_RUPEE_UNITS = BigInt(STATEMENT_MAX_RUPEES) * UNITS_PER_PAISA * 100n;

/** At most 12 digits before the point: always below the bound, read without the general path's steps. */
const PLAIN_DECIMAL = /^-?\d{1,12}(?:\.\d{1,10})?$/;
const UNITS_PER_AMOUNT = 10n ** BigInt(AMOUNT_DECIMALS);
/**
 * The largest amount a line may carry, 10¹² of its currency: more is no
 * store's figure but a broken cell ("1e999", twenty 9s), refused as its
 * line's error rather than failing the whole statement's sums.
 */
export const MAX_AMOUNT_DIGITS = 12;
const MAX_UNITS = 10n ** BigInt(MAX_AMOUNT_DIGITS + AMOUNT_DECIMALS);
/**
 * Digits grouped with one separator throughout (a comma, an underscore, or
 * a space: plain, no-break, figure, thin or narrow no-break), by thousands
 * ("1,234,567.5") or the Indian way ("12,34,567.5"), the first group not
 * starting with 0. "12,50", "0,123", "1.234,56", "12 50", "1\t234" or
 * "1,2,3" are a decimal comma, a typo or two cells, never read as digits.
 */
const GROUPED =
  /^[+-]?(?:[1-9]\d{0,2}([,_ \u00a0\u2007\u2009\u202f])\d{3}(?:\1\d{3})*|[1-9]\d?([,_ \u00a0\u2007\u2009\u202f])\d{2}(?:\2\d{2})*\2\d{3})(?:\.\d*)?$/u;
/** Any separator, or any other whitespace: a cell with one is read only through GROUPED. */
const SEPARATOR = /[,_\s]/u;

/** The number without its digit groups' separators; the same text without any; null when they are not groups. */
export function withoutDigitGroups(text: string): string | null {
  if (!SEPARATOR.test(text)) return text;
  return GROUPED.test(text) ? text.replace(/[,_\s]/gu, "") : null;
}

/**
 * A decimal as statements write it ("1,234.5", "12,34,567.5", "1 234.5",
 * "-0.0031", "(12.50)", "1.2E-5") in units of 10⁻¹⁰; null when it is not
 * a number (a separator anywhere but between digit groups before the point
 * included, and an amount beyond ±10¹², however written). Digits beyond the tenth
 * decimal are rounded half up (away from zero).
 */
export function parseDecimal(text: string): bigint | null {
  if (PLAIN_DECIMAL.test(text)) {
    // Most lines: digits, a point and at most 10 decimals, read without the general path's steps.
    const point = text.indexOf(".");
    if (point < 0) return BigInt(text) * UNITS_PER_AMOUNT;
    return BigInt(text.slice(0, point) + text.slice(point + 1).padEnd(AMOUNT_DECIMALS, "0"));
  }
  let value = text.trim().replace(/^[₹$€£] */u, "");
  let negative = false;
  // One greedy group, trimmed after: a lazy one between two `\s*` backtracks in cubic time.
  const parenthesised = /^\((.*)\)$/u.exec(value);
  if (parenthesised) {
    value = parenthesised[1]!.trim();
    negative = true;
  }
  const ungrouped = withoutDigitGroups(value.replace(/^([+-]) +/u, "$1"));
  if (ungrouped === null) return null;
  value = ungrouped;
  const m = /^([+-]?)(\d*)(?:\.(\d*))?(?:[eE]([+-]?\d{1,3}))?$/.exec(value);
  if (!m || (m[2] === "" && (m[3] ?? "") === "")) return null;
  if (m[1] === "-") negative = !negative;
  const digits = `${m[2]}${m[3] ?? ""}`.replace(/^0+(?=\d)/, "");
  // The value is digits × 10^(exponent − fraction length); scale it to 10⁻¹⁰.
  const shift = AMOUNT_DECIMALS - (m[3] ?? "").length + Number(m[4] ?? 0);
  // Units of more digits than the bound's are beyond it ("1e999" is not made into 1,010 digits).
  if (digits !== "0" && digits.length + shift > MAX_AMOUNT_DIGITS + AMOUNT_DECIMALS + 1) {
    return null;
  }
  let units: bigint;
  if (shift >= 0) {
    units = BigInt(digits) * 10n ** BigInt(shift);
  } else {
    units = divideHalfUp(BigInt(digits), 10n ** BigInt(-shift));
  }
  if (units > MAX_UNITS) return null;
  return negative ? -units : units;
}

/** An exchange rate ("84.5", at most 6 decimals, above 0) in 10⁻⁶ rupees; null when not one. */
export function parseRate(text: string): bigint | null {
  const m = /^(\d{1,9})(?:\.(\d{1,6}))?$/.exec(text.trim());
  if (!m) return null;
  const units = BigInt(m[1]!) * ONE_RUPEE_RATE + BigInt((m[2] ?? "").padEnd(RATE_DECIMALS, "0"));
  return units > 0n ? units : null;
}

/** The rate of INR to itself. */
export const RUPEE_RATE = ONE_RUPEE_RATE;

/** An amount (10⁻¹⁰ of its currency) at a rate (10⁻⁶ rupees): exact rupees in 10⁻¹⁶. */
export const toRupeeUnits = (amount: bigint, rate: bigint) => amount * rate;

/** Exact rupees (10⁻¹⁶) rounded half up to the paisa. */
export function roundToPaise(rupeeUnits: bigint): bigint {
  return divideHalfUp(rupeeUnits, UNITS_PER_PAISA);
}

/**
 * Rounds n ÷ d (d > 0) half up in the sense of Java's HALF_UP: a half goes
 * away from zero, so a refund rounds exactly as the sale it undoes.
 */
export function divideHalfUp(n: bigint, d: bigint): bigint {
  const negative = n < 0n;
  const magnitude = negative ? -n : n;
  const q = (magnitude * 2n + d) / (2n * d);
  return negative ? -q : q;
}

/**
 * A group's split: the artist's part is the amount × the royalty rate
 * (basis points) rounded half up; the label gets the rest, so nothing is
 * created or lost.
 */
export function splitGroup(amountPaise: bigint, basisPoints: number) {
  const artist = divideHalfUp(amountPaise * BigInt(basisPoints), 10_000n);
  return { artist, label: amountPaise - artist };
}

/** Paise as a JS number, checked to be a safe integer (decision 106). */
export const safePaise = paiseFromBigInt;
