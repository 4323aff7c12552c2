/**
 * Rupees typed in a field ("1500", "1,500.5") as whole paise, cut from the
 * digits (never a float); null when it is not an amount.
 */
export function rupeesToPaise(text: string): number | null {
  const match = /^(\d{1,13})(?:\.(\d{1,2}))?$/.exec(text.trim().replaceAll(",", ""));
  if (!match) return null;
  const paise = Number(match[1]) * 100 + Number((match[2] ?? "").padEnd(2, "0"));
  return Number.isSafeInteger(paise) ? paise : null;
}
