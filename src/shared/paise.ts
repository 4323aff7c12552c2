/**
 * Paise as a JS number, exactly (decision 106): amounts are counted as
 * integers end to end, and a JS number holds them exactly only up to 2^53.
 * Nothing here goes through a float.
 */

/** A bigint of paise (exact arithmetic, a TDS rule's result) as a number; refused beyond 2^53. */
export function paiseFromBigInt(paise: bigint): number {
  if (paise > BigInt(Number.MAX_SAFE_INTEGER) || paise < BigInt(Number.MIN_SAFE_INTEGER)) {
    throw new RangeError(`${paise} paise is beyond what the ledger holds exactly`);
  }
  return Number(paise);
}

/**
 * Paise as an engine answers them: SQLite an integer, PostgreSQL a bigint
 * column or SUM's numeric as text. Parsed as an integer (BigInt, which
 * refuses a fraction), never as a float; null (an empty SUM) is 0.
 */
export function paiseFromDb(value: unknown): number {
  if (value === null || value === undefined) return 0;
  if (typeof value === "number") {
    if (!Number.isSafeInteger(value)) throw new RangeError(`Not a whole number of paise: ${value}`);
    return value;
  }
  if (typeof value === "bigint") return paiseFromBigInt(value);
  if (typeof value !== "string" || !/^-?\d+$/.test(value.trim())) {
    throw new RangeError(
      `Not a whole number of paise: ${typeof value === "string" ? value : typeof value}`,
    );
  }
  return paiseFromBigInt(BigInt(value));
}
