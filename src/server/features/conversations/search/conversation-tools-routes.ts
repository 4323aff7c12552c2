import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { chatIdParamsSchema } from "../../../../shared/chat";
import { messageSearchQuerySchema } from "../../../../shared/message-search";
import { errorResponses } from "../../../../shared/responses/common";
import {
  messageSearchResultSchema,
  replyVariablesSchema,
} from "../../../../shared/responses/conversation-tools";
import type { ConversationReads } from "../messages/conversation-reads";
import { noQuerySchema } from "../../../../shared/no-input";

const tags = ["chat"];

/** Search in a conversation, and the values saved replies fill in (issue 22). */
export function registerConversationTools(parent: FastifyInstance, reads: ConversationReads): void {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const { sessions } = app.ctx;

  app.get(
    "/api/chat/rooms/:id/search",
    {
      schema: {
        tags,
        summary: "Messages of a room whose words start with the terms of ?q, newest first",
        params: chatIdParamsSchema,
        querystring: messageSearchQuerySchema,
        response: { 200: messageSearchResultSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const { user } = await sessions.require(request);
      reply.header("cache-control", "no-store");
      return reads.search(user, request.params.id, request.query.q);
    },
  );

  app.get(
    "/api/chat/rooms/:id/reply-variables",
    {
      schema: {
        tags,
        summary: "Agents: what {{artist.name}} and the other saved-reply variables are in a room",
        params: chatIdParamsSchema,
        querystring: noQuerySchema,
        response: { 200: replyVariablesSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const { user } = await sessions.requireAdmin(request);
      reply.header("cache-control", "no-store");
      return reads.replyVariables(user, request.params.id);
    },
  );
}
