/**
 * The link rule without zod, for screens that check a link but validate
 * nothing else (the chat); links.ts adds the zod field on top.
 */
/** Schemes a stored link may use; anything else (javascript:, data:, ...) is refused. */
export const ALLOWED_LINK_PROTOCOLS = ["http:", "https:", "mailto:"] as const;

export type LinkProvider = "Spotify" | "Apple Music" | "Youtube";

export function invalidLinkMessage(provider: LinkProvider): string {
  return `Invalid URL format for ${provider} link`;
}

function parseAllowed(value: string): string | null {
  try {
    const url = new URL(value);
    if (!(ALLOWED_LINK_PROTOCOLS as readonly string[]).includes(url.protocol)) return null;
    // A web link needs a host with a dot or localhost; "https://foo" alone is a typo.
    if (url.protocol !== "mailto:" && !url.hostname.includes(".")) return null;
    return url.href;
  } catch {
    return null;
  }
}

const hasScheme = (value: string) => /^[a-z][a-z\d+.-]*:/i.test(value);

/**
 * The spec's link rule: trim; empty stays empty; a parseable URL must use
 * http, https or mailto; without a scheme, https:// is prepended and retried.
 * Returns the normalised link, "" for empty, or null when invalid.
 */
export function normalizeLink(raw: string): string | null {
  const value = raw.trim();
  if (value === "") return "";
  if (/\s/.test(value)) return null;
  if (hasScheme(value) && !/^[^:/]+\.[^:/]+:\d/.test(value)) return parseAllowed(value);
  return parseAllowed(`https://${value}`);
}
