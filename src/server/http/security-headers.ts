import { ServerResponse, IncomingMessage } from "node:http";
import { Socket } from "node:net";
import type { FastifyInstance } from "fastify";
import helmet, { type HelmetOptions } from "helmet";
import type { InlineHashes } from "./web-pages";

/**
 * A strict CSP: scripts only from our origin, no framing, no plugins. The one
 * inline script (the theme, before first paint) and the inlined stylesheet of
 * the built pages are allowed by their sha256 only (withInlineHashes).
 * Connections go to the portal alone: its own origin, and its WebSocket
 * origin (ws: or wss: of PUBLIC_URL) for the live chat.
 */
export function helmetOptionsFor(publicUrl: string): HelmetOptions {
  const url = new URL(publicUrl);
  const socketOrigin = `${url.protocol === "https:" ? "wss" : "ws"}://${url.host}`;
  return {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'"],
        imgSrc: ["'self'", "data:", "blob:"],
        mediaSrc: ["'self'", "blob:"],
        fontSrc: ["'self'"],
        connectSrc: ["'self'", socketOrigin],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
    crossOriginEmbedderPolicy: false,
    referrerPolicy: { policy: "strict-origin-when-cross-origin" },
    strictTransportSecurity: hstsFor(publicUrl),
  };
}

/** The CSP with the built pages' inline blocks allowed by hash, nothing else inline. */
export function withInlineHashes(options: HelmetOptions, hashes: InlineHashes): HelmetOptions {
  const csp = options.contentSecurityPolicy;
  if (!csp || csp === true || !csp.directives) return options;
  const { directives } = csp;
  const add = (name: "scriptSrc" | "styleSrc", extra: string[]) => [
    ...((directives[name] as string[] | undefined) ?? ["'self'"]),
    ...extra,
  ];
  return {
    ...options,
    contentSecurityPolicy: {
      ...csp,
      directives: {
        ...directives,
        scriptSrc: add("scriptSrc", hashes.scriptSrc),
        styleSrc: add("styleSrc", hashes.styleSrc),
      },
    },
  };
}

/**
 * HSTS, pages and answers alike, only when PUBLIC_URL is https: over plain
 * http it would be ignored at best, and at worst pin a host name that also
 * serves something on http.
 */
function hstsFor(publicUrl: string): HelmetOptions["strictTransportSecurity"] {
  return new URL(publicUrl).protocol === "https:" ? { maxAge: 365 * 24 * 60 * 60 } : false;
}

/**
 * An API answer is JSON (or a file with a CSP of its own), never a page: it
 * loads nothing, runs nothing and is never framed. It needs what protects an
 * answer a browser might be tricked into rendering or embedding (OWASP's REST
 * cheat sheet): a CSP that allows nothing, no framing, no sniffing, no
 * cross-origin reads, HSTS. The page-only headers (the page's CSP, COOP,
 * the referrer policy, Origin-Agent-Cluster, the legacy X- ones) were 593
 * bytes of every answer over HTTPS (decision 129).
 */
export function apiHelmetOptionsFor(publicUrl: string): HelmetOptions {
  return {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] },
    },
    crossOriginEmbedderPolicy: false,
    crossOriginOpenerPolicy: false,
    crossOriginResourcePolicy: { policy: "same-origin" },
    originAgentCluster: false,
    referrerPolicy: false,
    strictTransportSecurity: hstsFor(publicUrl),
    xContentTypeOptions: true,
    xDnsPrefetchControl: false,
    xDownloadOptions: false,
    xFrameOptions: { action: "deny" },
    xPermittedCrossDomainPolicies: false,
    xXssProtection: false,
  };
}

/**
 * The headers helmet sets, computed once: they do not depend on the request,
 * and building them per request cost more than the song-list query itself.
 */
export function computeSecurityHeaders(options: HelmetOptions) {
  const req = new IncomingMessage(new Socket());
  const res = new ServerResponse(req);
  helmet(options)(req, res, () => undefined);
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(res.getHeaders())) {
    if (value !== undefined) headers[name] = String(value);
  }
  return headers;
}

/** API answers (under /api/) get the API's headers, everything else the page's. */
export function registerSecurityHeaders(
  app: FastifyInstance,
  publicUrl: string,
  inline?: InlineHashes,
): void {
  const options = helmetOptionsFor(publicUrl);
  const pageHeaders = computeSecurityHeaders(inline ? withInlineHashes(options, inline) : options);
  const apiHeaders = computeSecurityHeaders(apiHelmetOptionsFor(publicUrl));
  app.addHook("onRequest", (request, reply, done) => {
    // The raw path's prefix: either answer is safe for any URL (the API's
    // CSP allows nothing), so no parse is needed to choose.
    reply.headers(request.url.startsWith("/api/") ? apiHeaders : pageHeaders);
    done();
  });
}
