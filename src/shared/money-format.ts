/**
 * Rupees from integer paise, exactly: `Rs.` with Indian digit grouping and
 * two decimals (`Rs.1,23,456.78`), a minus before `Rs.` for debits. No
 * float ever touches the amount: the digits are cut from the integer.
 */
export function formatPaise(paise: number): string {
  if (!Number.isSafeInteger(paise)) throw new RangeError(`Not a whole number of paise: ${paise}`);
  const sign = paise < 0 ? "-" : "";
  const digits = String(Math.abs(paise)).padStart(3, "0");
  const rupees = digits.slice(0, -2);
  return `${sign}Rs.${groupIndian(rupees)}.${digits.slice(-2)}`;
}

/** 1234567 → 12,34,567: the last three digits, then pairs. */
export function groupIndian(whole: string): string {
  if (whole.length <= 3) return whole;
  const last = whole.slice(-3);
  const rest = whole.slice(0, -3);
  const pairs = rest.replace(/\B(?=(\d{2})+(?!\d))/g, ",");
  return `${pairs},${last}`;
}

/** Paise as a plain decimal for CSV cells and inputs: 12345 → "123.45", -5 → "-0.05". */
export function paiseToDecimal(paise: number): string {
  const sign = paise < 0 ? "-" : "";
  const digits = String(Math.abs(paise)).padStart(3, "0");
  return `${sign}${digits.slice(0, -2)}.${digits.slice(-2)}`;
}
