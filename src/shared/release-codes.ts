/**
 * ISRC and UPC: the two codes a release may carry. An ISRC is stored in its
 * compact form (IN-ABC-26-00001 → INABC2600001) so the portal-wide
 * uniqueness check compares one spelling.
 */

const ISRC_COMPACT = /^[A-Z]{2}[A-Z0-9]{3}\d{7}$/;

/** The compact, upper-case ISRC, or null when it is not one (hyphens and spaces are ignored). */
export function normalizeIsrc(raw: string): string | null {
  const compact = raw.replace(/[\s-]/g, "").toUpperCase();
  return ISRC_COMPACT.test(compact) ? compact : null;
}

export function isValidIsrc(raw: string): boolean {
  return normalizeIsrc(raw) !== null;
}

/** IN-ABC-26-00001: the way people write an ISRC. */
export function formatIsrc(compact: string): string {
  return `${compact.slice(0, 2)}-${compact.slice(2, 5)}-${compact.slice(5, 7)}-${compact.slice(7)}`;
}

/**
 * The GS1 check digit for the digits before it: from the right, weights 3, 1,
 * 3, 1…; the check digit brings the sum to a multiple of ten.
 */
export function gs1CheckDigit(body: string): number {
  let sum = 0;
  for (let i = 0; i < body.length; i++) {
    const digit = Number(body[body.length - 1 - i]);
    sum += digit * (i % 2 === 0 ? 3 : 1);
  }
  return (10 - (sum % 10)) % 10;
}

/** A UPC-A (12 digits) or EAN-13 (13 digits) whose last digit is its GS1 check digit. */
export function isValidUpc(raw: string): boolean {
  const value = raw.trim();
  if (!/^\d{12,13}$/.test(value)) return false;
  return gs1CheckDigit(value.slice(0, -1)) === Number(value.slice(-1));
}

/**
 * The form the portal-wide UPC claim compares: 13 digits (a UPC-A is an
 * EAN-13 with a leading zero, so 036000291452 and 0036000291452 are one
 * code); null when `raw` is not a valid UPC.
 */
export function upcKey(raw: string): string | null {
  return isValidUpc(raw) ? raw.trim().padStart(13, "0") : null;
}
