import type { FastifyReply } from "fastify";

/**
 * Sends a body that is already the route schema's JSON (a cached page,
 * record or breakdown): with a JSON content type, Fastify sends a string as
 * it is, never serializing it again. The reply is the untyped one, because
 * the route's typed reply only takes the schema's object.
 */
export function sendJson(reply: FastifyReply, body: string): FastifyReply {
  return reply.type("application/json; charset=utf-8").send(body);
}
