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

/** C0 and C1 controls, DEL and the Unicode line and paragraph separators: never in a link. */
// eslint-disable-next-line no-control-regex -- matching controls is the point
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/u;

function parseAllowed(value: string): string | null {
  try {
    const url = new URL(value);
    if (!(ALLOWED_LINK_PROTOCOLS as readonly string[]).includes(url.protocol)) return null;
    // "https://open.spotify.com@evil.example/" names another host than it shows.
    if (url.username !== "" || url.password !== "") return null;
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
  if (/\s/.test(value) || CONTROL_CHARACTERS.test(value)) return null;
  if (hasScheme(value) && !/^[^:/]+\.[^:/]+:\d/.test(value)) return parseAllowed(value);
  return parseAllowed(`https://${value}`);
}

/** Markup, quotes and backslashes: no store address holds them, and a page might show them. */
const UNSAFE_IN_LINK = /[\s<>"'`\\]/u;

/** First path segments of pages that send a visitor on to an address in their query. */
const REDIRECT_PAGES = new Set([
  "redirect",
  "attribution_link",
  "url",
  "away",
  "out",
  "exit",
  "leave",
  "outbound",
  "linkout",
  "l.php",
]);

/** A query value that is an address of its own (`?q=https://…`, `?u=//…`): a way out. */
const ADDRESS_IN_QUERY = /^(?:[a-z][a-z\d+.-]*:|\/\/|\\\\)/i;

function isRedirectPage(url: URL): boolean {
  const first = url.pathname.split("/")[1]?.toLowerCase() ?? "";
  if (REDIRECT_PAGES.has(first)) return true;
  return [...url.searchParams.values()].some((value) => ADDRESS_IN_QUERY.test(value.trim()));
}

/**
 * The strict rule for an address on a known site (a store's page of a
 * release): `https` on exactly one of `hosts` (lower-case), with no
 * credentials, no port (not even :443), no control characters, markup or
 * spaces, and not a page that redirects elsewhere (youtube.com/redirect,
 * `?u=https://…`). Anything else is refused, never repaired.
 */
export function isLinkOnHosts(raw: string, hosts: readonly string[]): boolean {
  const value = raw.trim();
  if (CONTROL_CHARACTERS.test(value) || UNSAFE_IN_LINK.test(value)) return false;
  if (!/^https:\/\//i.test(value)) return false;
  // The authority as typed: "user@" or ":8443" would be dropped or hidden by URL.
  const authority = value.slice("https://".length).split(/[/?#]/, 1)[0] ?? "";
  if (authority.includes("@") || authority.includes(":")) return false;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  return hosts.includes(url.hostname) && !isRedirectPage(url);
}
