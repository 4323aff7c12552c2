/**
 * Percentages as the portal keeps them: integer basis points (10% is 1000),
 * read from and written as text exactly, never through a float. Royalty
 * rates, split shares and the TDS rates in the configuration all use them.
 */

/** Basis points as the percentage people write: 6000 → "60", 3350 → "33.5", 1 → "0.01". */
export function percentText(basisPoints: number): string {
  if (!Number.isSafeInteger(basisPoints)) throw new RangeError(`Not basis points: ${basisPoints}`);
  const sign = basisPoints < 0 ? "-" : "";
  const digits = String(Math.abs(basisPoints)).padStart(3, "0");
  const fraction = digits.slice(-2).replace(/0+$/, "");
  return `${sign}${digits.slice(0, -2)}${fraction ? `.${fraction}` : ""}`;
}

/** A percentage with at most 2 decimals ("33.5") as basis points (3350), exactly, never through a float. */
export function basisPointsFromPercent(percent: string): number {
  const basisPoints = basisPointsOrNull(percent);
  if (basisPoints === null) {
    throw new RangeError(`Not a percentage with at most 2 decimals: ${percent}`);
  }
  return basisPoints;
}

/** Like basisPointsFromPercent, null for text that is no such percentage. */
export function basisPointsOrNull(percent: string): number | null {
  const match = /^(\d{1,3})(?:\.(\d{1,2}))?$/.exec(percent.trim());
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? "").padEnd(2, "0"));
}
