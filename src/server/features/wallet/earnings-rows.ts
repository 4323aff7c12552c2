import { UNKNOWN_COUNTRY, formatSaleMonth } from "../../../shared/wallet-text";
import type { EarningsRow } from "../../../shared/responses/wallet";
import type { MonthRange } from "./earnings-period";
import type { EarningsSum } from "./wallet-repository";

// The earnings breakdown's rows, made from the sums the repository read.

/** Codes a statement uses for "country not known". */
const UNKNOWN_COUNTRY_CODES = new Set(["", "ZZ", "XX", "-", "UNKNOWN", "WW", "WORLDWIDE"]);
/**
 * Made on first use: building it maps about 5 MB of ICU's region names into
 * the process, which a server that shows no earnings never needs.
 */
let regionNames: Intl.DisplayNames | undefined;

/**
 * A statement's country cell as a row's key: a two-letter code upper-cased
 * ("in" → "IN"), a name as written ("India"), nothing → Unknown.
 */
export function countryKey(cell: string): string {
  const trimmed = cell.trim();
  const upper = trimmed.toUpperCase();
  if (UNKNOWN_COUNTRY_CODES.has(upper)) return UNKNOWN_COUNTRY;
  return /^[A-Z]{2}$/.test(upper) ? upper : trimmed;
}

/** Names already asked for: ICU's lookup is slow, and there are only so many regions. */
const regionLabels = new Map<string, string>();

/** A code's English name ("IN" → "India"); anything else as it is. */
export function countryLabel(key: string): string {
  if (!/^[A-Z]{2}$/.test(key)) return key;
  let label = regionLabels.get(key);
  if (label === undefined) {
    try {
      regionNames ??= new Intl.DisplayNames(["en"], { type: "region" });
      label = regionNames.of(key) ?? key;
    } catch {
      label = key;
    }
    regionLabels.set(key, label);
  }
  return label;
}

/** What a track (or a release sale) is called in the breakdown and the CSV. */
export interface Product {
  key: string;
  title: string;
  isrc: string;
}

/** Every month of the range up to this one (or the months earned in, for all time), in order. */
export function monthRows(
  sums: readonly EarningsSum[],
  range: MonthRange,
  thisMonth: string,
): EarningsRow[] {
  const byMonth = new Map(earned(sums).map((s) => [s.saleMonth!, s]));
  const known = [...byMonth.keys()].sort();
  const first = range.from ?? known[0];
  // A bounded period runs to this month (a financial year's later months are to come).
  const ends = [known[known.length - 1], range.to && (range.to < thisMonth ? range.to : thisMonth)];
  const last = ends
    .filter((m): m is string => Boolean(m))
    .sort()
    .pop();
  if (!first || !last) return [];
  const rows: EarningsRow[] = [];
  for (let month = first; month <= last; month = nextMonth(month)) {
    const sum = byMonth.get(month);
    rows.push({
      key: month,
      label: formatSaleMonth(month),
      quantity: sum?.quantity ?? 0,
      amountPaise: sum?.amountPaise ?? 0,
    });
  }
  return rows;
}

/** A track's id; a release sale (UPC, no track) by its release. */
export function productKey(sum: Pick<EarningsSum, "trackId" | "releaseId">): string {
  if (sum.trackId) return sum.trackId;
  return sum.releaseId ? `release:${sum.releaseId}` : "unknown";
}

/** Rows that earned or sold something (a reversed statement's rows net to nothing). */
export function earned(sums: readonly EarningsSum[]): EarningsSum[] {
  return sums.filter((s) => s.amountPaise !== 0 || s.quantity !== 0);
}

export function row(
  key: string,
  label: string,
  sum: Pick<EarningsSum, "quantity" | "amountPaise">,
) {
  return { key, label, quantity: sum.quantity, amountPaise: sum.amountPaise };
}

/** Sums whose keys fold together ("", "ZZ" → Unknown) added up. */
export function mergeRows(
  sums: readonly EarningsSum[],
  keyOf: (s: EarningsSum) => string,
): EarningsRow[] {
  const rows = new Map<string, EarningsRow>();
  for (const sum of sums) {
    const key = keyOf(sum);
    const found = rows.get(key);
    if (found) {
      found.quantity += sum.quantity;
      found.amountPaise += sum.amountPaise;
    } else rows.set(key, row(key, key, sum));
  }
  return [...rows.values()];
}

/** Largest earnings first; ties by name, so the order is stable. */
export function sortRows<T extends EarningsRow>(rows: T[]): T[] {
  return rows.sort((a, b) => b.amountPaise - a.amountPaise || a.label.localeCompare(b.label));
}

function nextMonth(month: string): string {
  const year = Number(month.slice(0, 4));
  const index = Number(month.slice(5, 7));
  return index === 12 ? `${year + 1}-01` : `${year}-${String(index + 1).padStart(2, "0")}`;
}
