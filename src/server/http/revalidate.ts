import { createHash } from "node:crypto";
import type { FastifyReply, FastifyRequest } from "fastify";

/** A JSON answer kept ready to send: its body and that body's ETag, computed once. */
export interface JsonAnswer {
  body: string;
  etag: string;
}

/** The strong ETag of a body: its SHA-1, base64url, quoted. */
export function etagOf(body: string): string {
  return `"${createHash("sha1").update(body).digest("base64url")}"`;
}

/**
 * Route-level onSend hook for personal GET answers the browser may keep but
 * must check each time (`private, no-cache`): a strong ETag from the body, and
 * 304 with no body when the browser's copy (If-None-Match) is still current.
 * A route that sends a cached body sets its ETag (kept with the body, from
 * `etagOf`) before sending, so the body is not hashed again on every request.
 * Per route rather than @fastify/etag for a whole plugin, so the other song
 * routes keep `no-store`.
 */
export function revalidateWithEtag(
  request: FastifyRequest,
  reply: FastifyReply,
  payload: unknown,
  done: (err: Error | null, payload?: unknown) => void,
): void {
  if (reply.statusCode !== 200 || typeof payload !== "string") return done(null, payload);
  const preset = reply.getHeader("etag");
  const etag = typeof preset === "string" ? preset : etagOf(payload);
  reply.header("cache-control", "private, no-cache");
  if (typeof preset !== "string") reply.header("etag", etag);
  if (matches(request.headers["if-none-match"], etag)) {
    reply.code(304);
    return done(null, "");
  }
  done(null, payload);
}

/** If-None-Match uses weak comparison: `W/"x"` matches `"x"`, and `*` matches anything. */
function matches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header.split(",").some((tag) => {
    const t = tag.trim();
    return t === "*" || t === etag || t === `W/${etag}`;
  });
}
