/** A piece of message text: plain text, or a web address to open as a link. */
export type TextSegment =
  { kind: "text"; text: string } | { kind: "link"; text: string; href: string };

// http(s):// or www. up to the next space or a character no address holds here.
const candidate = /\b(?:https?:\/\/|www\.)[^\s<>"]+/gi;
// Punctuation that ends a sentence more often than an address.
const trailing = /[.,;:!?'*]+$/;

/** Drops trailing punctuation and a closing bracket the address did not open. */
function trimAddress(raw: string): string {
  let value = raw.replace(trailing, "");
  for (const [open, close] of [
    ["(", ")"],
    ["[", "]"],
  ] as const) {
    while (value.endsWith(close) && value.split(open).length < value.split(close).length) {
      value = value.slice(0, -1).replace(trailing, "");
    }
  }
  return value;
}

/** The address as a link target, or null when it is not a web address at all. */
function webHref(text: string): string | null {
  const withScheme = /^www\./i.test(text) ? `https://${text}` : text;
  try {
    const url = new URL(withScheme);
    if (url.protocol !== "http:" && url.protocol !== "https:") return null;
    if (!url.hostname.includes(".") && url.hostname !== "localhost") return null;
    return url.href;
  } catch {
    return null;
  }
}

/**
 * Splits message text into text and web links. Only http(s):// and www.
 * addresses become links; everything else, `javascript:` and HTML included,
 * stays text (React renders it as text, never as markup).
 */
export function linkify(text: string): TextSegment[] {
  const segments: TextSegment[] = [];
  let at = 0;
  for (const match of text.matchAll(candidate)) {
    // "xwww.a.com" is not an address: the match must start a word.
    const start = match.index;
    const address = trimAddress(match[0]);
    const href = address ? webHref(address) : null;
    if (!href) continue;
    if (start > at) segments.push({ kind: "text", text: text.slice(at, start) });
    segments.push({ kind: "link", text: address, href });
    at = start + address.length;
  }
  if (at < text.length) segments.push({ kind: "text", text: text.slice(at) });
  return segments;
}
