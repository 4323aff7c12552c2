const MONTH_NAMES = [
  "january",
  "february",
  "march",
  "april",
  "may",
  "june",
  "july",
  "august",
  "september",
  "october",
  "november",
  "december",
];

const month = (year: string, m: number) =>
  m >= 1 && m <= 12 ? `${year}-${String(m).padStart(2, "0")}` : null;

/**
 * A sale month as the stores write it, as `YYYY-MM`: `2026-10`,
 * `2026-10-31`, `10/2026`, `2026M10`, `Oct 2026` (or `October 2026`);
 * null when it is none of these.
 */
export function parseSaleMonth(text: string): string | null {
  const value = text.trim();
  let m = /^(\d{4})-(\d{1,2})(?:-\d{1,2})?$/.exec(value);
  if (m) return month(m[1]!, Number(m[2]));
  m = /^(\d{1,2})\/(\d{4})$/.exec(value);
  if (m) return month(m[2]!, Number(m[1]));
  m = /^(\d{4})M(\d{1,2})$/i.exec(value);
  if (m) return month(m[1]!, Number(m[2]));
  m = /^([A-Za-z]{3,9})\.?[\s-]+(\d{4})$/.exec(value);
  if (m) {
    const name = m[1]!.toLowerCase();
    const index = MONTH_NAMES.findIndex((full) => full.startsWith(name));
    if (index >= 0) return month(m[2]!, index + 1);
  }
  return null;
}
