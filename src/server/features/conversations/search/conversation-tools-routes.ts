import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { chatIdParamsSchema } from "../../../../shared/chat";
import { messageSearchQuerySchema } from "../../../../shared/message-search";
import { errorResponses } from "../../../../shared/responses/common";
import {
  messageSearchResultSchema,
  replyVariablesSchema,
} from "../../../../shared/responses/conversation-tools";
import { searchRoom } from "../repositories/message-search";
import { replyVariables } from "../repositories/reply-variables";
import type { ChatService } from "../messages/chat-service";
import { noQuerySchema } from "../../../../shared/no-input";

const tags = ["chat"];

/** Search in a conversation, and the values saved replies fill in (issue 22). */
export function registerConversationTools(parent: FastifyInstance, service: ChatService): void {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const { database, sessions } = app.ctx;

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
      const { id } = request.params;
      await service.requireAccess(id, user);
      reply.header("cache-control", "no-store");
      return searchRoom(database, id, user, request.query.q);
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
      const { id } = request.params;
      await service.requireAccess(id, user);
      reply.header("cache-control", "no-store");
      return replyVariables(database.db, id, user);
    },
  );
}
