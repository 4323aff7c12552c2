import { createHash } from "node:crypto";
import type { FastifyReply, FastifyRequest } from "fastify";
import { sendJson } from "./send-json";

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
 * Sends a personal GET answer the browser may keep but must check each time
 * (`private, no-cache`), with the ETag kept beside its body (`etagOf`, once):
 * 304 with no body when the browser's copy (If-None-Match) is still current.
 * Done in the handler rather than an onSend hook: the answer's ETag is known
 * here, and a hot read pays no hook.
 */
export function sendRevalidated(
  request: FastifyRequest,
  reply: FastifyReply,
  answer: JsonAnswer,
): FastifyReply {
  reply.header("cache-control", "private, no-cache").header("etag", answer.etag);
  if (stillCurrent(request, answer.etag)) return reply.code(304).send();
  return sendJson(reply, answer.body);
}

/**
 * Whether the browser's copy (If-None-Match) is still `etag`: weak
 * comparison, so `W/"x"` matches `"x"`, a list matches by any member, and
 * `*` matches anything.
 */
export function stillCurrent(request: FastifyRequest, etag: string): boolean {
  const header = request.headers["if-none-match"];
  if (!header) return false;
  return header.split(",").some((tag) => {
    const t = tag.trim();
    return t === "*" || t === etag || t === `W/${etag}`;
  });
}
