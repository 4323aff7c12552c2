/**
 * One HTTP byte range (RFC 9110 §14) of a file of `size` bytes: a player
 * seeking in a 300 MB track asks for the bytes it needs, not the whole file.
 */
export type ByteRange = { start: number; end: number } | "unsatisfiable";

/**
 * The range a `Range` header asks for, with `end` inclusive, as RFC 9110
 * says: null (send the whole file, 200) when there is none, when it is not
 * one bytes range, or when it is invalid (`bytes=5-3`: a last position
 * before the first, §14.1.1: ignored, §14.2); "unsatisfiable" (416) only
 * for a valid range that starts past the end of the file, or a suffix of
 * zero bytes (§14.1.3).
 */
export function parseByteRange(header: string | undefined, size: number): ByteRange | null {
  if (!header) return null;
  // The range unit is case-insensitive (§14.1); spaces around the spec are allowed.
  const match = /^bytes\s*=\s*(\d*)\s*-\s*(\d*)$/i.exec(header.trim());
  if (!match) return null;
  const [, from = "", to = ""] = match;
  if (from === "" && to === "") return null;
  if (from === "") {
    // The last `to` bytes.
    const length = Number(to);
    if (length === 0 || size === 0) return "unsatisfiable";
    return { start: Math.max(0, size - length), end: size - 1 };
  }
  const start = Number(from);
  if (to !== "" && Number(to) < start) return null;
  if (start >= size) return "unsatisfiable";
  const end = to === "" ? size - 1 : Math.min(Number(to), size - 1);
  return { start, end };
}
