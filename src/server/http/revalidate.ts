import { createHash } from "node:crypto";
import type { FastifyReply, FastifyRequest } from "fastify";

/**
 * Route-level onSend hook for personal GET answers the browser may keep but
 * must check each time (`private, no-cache`): a strong ETag from the body, and
 * 304 with no body when the browser's copy (If-None-Match) is still current.
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
  const etag = `"${createHash("sha1").update(payload).digest("base64url")}"`;
  reply.header("cache-control", "private, no-cache");
  reply.header("etag", etag);
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
