/**
 * TDS on withdrawals (issue 47, section 3): a pure rule over integer paise
 * (BigInt), used by the withdrawal step and by the form's preview.
 *
 * By financial year (April to March, Indian time): nothing is deducted while
 * the year's withdrawals, this one included, stay at or under the threshold.
 * The withdrawal that crosses it deducts the rate on the whole year's
 * withdrawals minus the TDS already deducted that year; later ones deduct
 * the rate on their own amount. The rate depends on whether a PAN is on file.
 *
 * Rounding: each deduction is rounded to the nearest paisa, halves up.
 * A deduction never exceeds its withdrawal: a small withdrawal that crosses
 * the threshold deducts at most its whole amount (what the year still owes
 * beyond that is not carried to later withdrawals; they pay the rate on
 * their own amount, as the rule says).
 */

/** The configured rates (basis points: 10% is 1000) and the yearly threshold. */
export interface TdsRules {
  rateBasisPoints: number;
  noPanRateBasisPoints: number;
  thresholdPaise: bigint;
}

/** What the rule needs to know of one withdrawal and its financial year so far. */
export interface TdsInput {
  /** This withdrawal, in paise (> 0). */
  amountPaise: bigint;
  /** The year's earlier withdrawals that still stand (failed ones returned), in paise. */
  yearWithdrawnPaise: bigint;
  /** TDS already deducted from them, in paise. */
  yearTdsPaise: bigint;
  hasPan: boolean;
}

export interface TdsResult {
  tdsPaise: bigint;
  /** What the artist receives: the amount less the TDS. */
  netPaise: bigint;
  /** The rate applied, in basis points (0 when nothing is deducted). */
  rateBasisPoints: number;
}

const BASIS = 10_000n;

/** `value × basisPoints / 10000`, rounded to the nearest paisa, halves up (value ≥ 0). */
export function applyRate(valuePaise: bigint, basisPoints: number): bigint {
  if (valuePaise < 0n) throw new RangeError("applyRate: a negative amount");
  return (valuePaise * BigInt(basisPoints) * 2n + BASIS) / (2n * BASIS);
}

/** The rate a withdrawal pays: the PAN rate with a PAN, the higher one without. */
export function tdsRateOf(rules: TdsRules, hasPan: boolean): number {
  return hasPan ? rules.rateBasisPoints : rules.noPanRateBasisPoints;
}

/** The TDS of one withdrawal. Throws on a non-positive amount or negative year totals. */
export function tdsFor(rules: TdsRules, input: TdsInput): TdsResult {
  const { amountPaise, yearWithdrawnPaise, yearTdsPaise } = input;
  if (amountPaise <= 0n) throw new RangeError("tdsFor: the amount must be positive");
  if (yearWithdrawnPaise < 0n || yearTdsPaise < 0n) {
    throw new RangeError("tdsFor: the year's totals cannot be negative");
  }
  const yearTotal = yearWithdrawnPaise + amountPaise;
  if (yearTotal <= rules.thresholdPaise) {
    return { tdsPaise: 0n, netPaise: amountPaise, rateBasisPoints: 0 };
  }
  const rate = tdsRateOf(rules, input.hasPan);
  const crosses = yearWithdrawnPaise <= rules.thresholdPaise;
  const due = crosses ? applyRate(yearTotal, rate) - yearTdsPaise : applyRate(amountPaise, rate);
  const tds = due < 0n ? 0n : due > amountPaise ? amountPaise : due;
  return { tdsPaise: tds, netPaise: amountPaise - tds, rateBasisPoints: rate };
}

/** "10" or "0.75": a rate in basis points as the percent people read. */
export function percentOf(basisPoints: number): string {
  return String(basisPoints / 100);
}
