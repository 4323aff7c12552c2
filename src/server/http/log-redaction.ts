/**
 * No token, cookie or password may reach a log line at any level (issue 23).
 * Request lines carry URLs: query parameters that hold secrets, and path
 * segments of routes whose segment is a secret, are replaced before logging.
 * Objects logged with a request (bodies, headers) go through pino's redact.
 */
export const REDACTED = "[redacted]";

/** Query parameters that hold a secret anywhere in the portal (reset, undo, unsubscribe links ...). */
const SECRET_PARAMS = new Set([
  "token",
  "code",
  "password",
  "secret",
  "key",
  "signature",
  "sig",
  "session",
  "session_token",
  "access_token",
  "refresh_token",
  "callbackurl",
]);

/**
 * Routes whose path segment is a secret: better-auth's reset callback,
 * /reset-password/<token>, and a split invitation's link and API (the link
 * alone lets its holder claim the share). Each pattern runs only on paths
 * under its prefix, so the request line of every other route (one per
 * request) pays a `startsWith`, not a regular expression.
 */
const SECRET_PATHS: readonly { prefix: string; pattern: RegExp }[] = [
  {
    prefix: "/api/auth/reset-password/",
    pattern: /^(\/api\/auth\/reset-password\/)(?!status\b)[^/?#]+/,
  },
  { prefix: "/api/split-invites/", pattern: /^(\/api\/split-invites\/)[^/?#]+/ },
  { prefix: "/splits/invite/", pattern: /^(\/splits\/invite\/)[^/?#]+/ },
];

/** A full URL's scheme and host (`https://portal.test`), or "" for a path. */
function originOf(path: string): string {
  return path.startsWith("/") ? "" : (/^https?:\/\/[^/?#]*/i.exec(path)?.[0] ?? "");
}

/** The URL as it may be logged. Never throws: a URL it cannot read is reduced to its path. */
export function redactUrl(url: string): string {
  const q = url.indexOf("?");
  const whole = q === -1 ? url : url.slice(0, q);
  const origin = originOf(whole);
  let path = origin ? whole.slice(origin.length) : whole;
  for (const { prefix, pattern } of SECRET_PATHS) {
    if (path.startsWith(prefix)) path = path.replace(pattern, `$1${REDACTED}`);
  }
  path = origin + path;
  if (q === -1) return path;
  const query = url
    .slice(q + 1)
    .split("&")
    .map((pair) => {
      const eq = pair.indexOf("=");
      const rawName = eq === -1 ? pair : pair.slice(0, eq);
      let name: string;
      try {
        name = decodeURIComponent(rawName.replace(/\+/g, " "));
      } catch {
        name = rawName;
      }
      return SECRET_PARAMS.has(name.toLowerCase()) ? `${rawName}=${REDACTED}` : pair;
    })
    .join("&");
  return `${path}?${query}`;
}

/** Every URL-like text inside a free-form string (a client's page, an error message). */
export function redactUrlsIn(text: string): string {
  return text
    .replace(/(?:https?:\/\/[^\s"'<>]+|\/[^\s"'<>?]*\?[^\s"'<>]+)/g, (m) => redactUrl(m))
    .replace(BARE_SECRET_PATHS, (m) => redactUrl(m));
}

/** A bare path under a secret prefix anywhere in a text (no scheme, no query to find it by). */
const BARE_SECRET_PATHS = new RegExp(
  SECRET_PATHS.map(({ prefix }) => `${prefix.replace(/[/]/g, "\\/")}[^\\s"'<>?#]+`).join("|"),
  "g",
);

/** pino `redact` paths: request headers, bodies and whatever a route logs beside them. */
export const LOG_REDACT_PATHS = [
  "req.headers.cookie",
  "req.headers.authorization",
  "headers.cookie",
  "headers.authorization",
  'headers["set-cookie"]',
  'res.headers["set-cookie"]',
  "cookie",
  "password",
  "token",
  "*.cookie",
  "*.password",
  "*.newPassword",
  "*.currentPassword",
  "*.confirmPassword",
  "*.token",
  "*.secret",
  // Payout details (issue 47): never logged, even inside a body or an error.
  "*.upiId",
  "*.accountNumber",
  "*.confirmAccountNumber",
  "*.pan",
];
