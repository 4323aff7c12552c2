import { IST_OFFSET_MS, financialYearOf } from "../../../shared/india-time";
import type { EarningsPeriod } from "../../../shared/statement-schemas";

/** The sale months a period covers, inclusive (YYYY-MM); null: open. */
export interface MonthRange {
  from: string | null;
  to: string | null;
}

const monthOf = (year: number, monthIndex: number): string => {
  const d = new Date(Date.UTC(year, monthIndex, 1));
  return `${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, "0")}`;
};

/**
 * The months of a period at `now`: the last 12 sale months up to this one;
 * the Indian financial year (April–March) this month falls in; or all time.
 */
export function periodMonths(period: EarningsPeriod, now: number): MonthRange {
  // India's clock: the artist's "this month".
  const today = new Date(now + IST_OFFSET_MS);
  const year = today.getUTCFullYear();
  const month = today.getUTCMonth();
  switch (period) {
    case "last12":
      return { from: monthOf(year, month - 11), to: monthOf(year, month) };
    case "financialYear": {
      const { startYear } = financialYearOf(now);
      return { from: monthOf(startYear, 3), to: monthOf(startYear + 1, 2) };
    }
    case "all":
      return { from: null, to: null };
  }
}
