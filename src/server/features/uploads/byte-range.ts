/**
 * One HTTP byte range (RFC 9110 §14) of a file of `size` bytes: a player
 * seeking in a 300 MB track asks for the bytes it needs, not the whole file.
 */
export type ByteRange = { start: number; end: number } | "unsatisfiable";

/**
 * The range a `Range` header asks for, with `end` inclusive; null when
 * there is none or it is not a single bytes range (the whole file is then
 * sent, as the RFC allows); "unsatisfiable" when it lies outside the file.
 */
export function parseByteRange(header: string | undefined, size: number): ByteRange | null {
  if (!header) return null;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
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
  const end = to === "" ? size - 1 : Math.min(Number(to), size - 1);
  if (start >= size || (to !== "" && Number(to) < start)) return "unsatisfiable";
  return { start, end };
}
