import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { noBodySchema, noQuerySchema } from "../../../shared/no-input";
import { savedReplyInputSchema, savedReplyParamsSchema } from "../../../shared/saved-replies";
import { errorResponses, okSchema } from "../../../shared/responses/common";
import { savedRepliesSchema, savedReplySchema } from "../../../shared/responses/conversation-tools";
import { addSavedReply, changeSavedReply, removeSavedReply, savedReplies } from "./service";

const tags = ["saved replies"];

/** The agents' shared saved replies; artists may not read or change them (403). */
function savedRepliesPlugin(
  parent: FastifyInstance,
  _options: unknown,
  done: (err?: Error) => void,
): void {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const { sessions, database } = app.ctx;
  const { db } = database;

  app.get(
    "/api/saved-replies",
    {
      schema: {
        tags,
        summary: "Agents: every saved reply, by shortcut",
        querystring: noQuerySchema,
        response: { 200: savedRepliesSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      await sessions.requireAdmin(request);
      reply.header("cache-control", "no-store");
      return savedReplies(db);
    },
  );

  app.post(
    "/api/saved-replies",
    {
      schema: {
        tags,
        summary: "Agents: add a saved reply (shortcut unique, 1–32 characters, no spaces)",
        body: savedReplyInputSchema,
        response: { 201: savedReplySchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const { user } = await sessions.requireAdmin(request);
      const created = await addSavedReply(db, request.body, user.id);
      reply.code(201);
      return created;
    },
  );

  app.put(
    "/api/saved-replies/:id",
    {
      schema: {
        tags,
        summary: "Agents: change a saved reply",
        params: savedReplyParamsSchema,
        body: savedReplyInputSchema,
        response: { 200: savedReplySchema, ...errorResponses },
      },
    },
    async (request) => {
      await sessions.requireAdmin(request);
      return changeSavedReply(db, request.params.id, request.body);
    },
  );

  app.delete(
    "/api/saved-replies/:id",
    {
      schema: {
        tags,
        summary: "Agents: remove a saved reply",
        body: noBodySchema,
        params: savedReplyParamsSchema,
        response: { 200: okSchema, ...errorResponses },
      },
    },
    async (request) => {
      await sessions.requireAdmin(request);
      await removeSavedReply(db, request.params.id);
      return { ok: true as const };
    },
  );
  done();
}

export default fp(savedRepliesPlugin, {
  name: "saved-replies",
  decorators: { fastify: ["ctx"] },
});
