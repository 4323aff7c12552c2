import { MINUTE_MS } from "./durations";

/** India keeps one offset all year: 05:30 ahead of UTC. */
export const IST_OFFSET_MS = (5 * 60 + 30) * MINUTE_MS;

export interface FinancialYear {
  /** The year it starts in: 2026 for April 2026 to March 2027. */
  startYear: number;
  /** "2026-27", as Indian tax forms write it. */
  label: string;
  /** 1 April 00:00 IST, epoch ms (inclusive). */
  startMs: number;
  /** The next 1 April 00:00 IST, epoch ms (exclusive). */
  endMs: number;
}

/**
 * The financial year (April to March, Indian time) an instant falls in: the
 * year TDS counts withdrawals in and the wallet's "this financial year".
 */
export function financialYearOf(epochMs: number): FinancialYear {
  const local = new Date(epochMs + IST_OFFSET_MS);
  const month = local.getUTCMonth();
  const startYear = month >= 3 ? local.getUTCFullYear() : local.getUTCFullYear() - 1;
  const aprilFirst = (year: number) => Date.UTC(year, 3, 1) - IST_OFFSET_MS;
  return {
    startYear,
    label: `${startYear}-${String((startYear + 1) % 100).padStart(2, "0")}`,
    startMs: aprilFirst(startYear),
    endMs: aprilFirst(startYear + 1),
  };
}
