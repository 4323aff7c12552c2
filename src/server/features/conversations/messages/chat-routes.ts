import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { HttpError } from "../../../http/errors";
import {
  chatIdParamsSchema,
  contactSearchSchema,
  messagesQuerySchema,
} from "../../../../shared/chat";
import { SEND_WILL_RETRY } from "../../../../shared/chat-events";
import { unavailableOf } from "../../../http/unavailable-errors";
import { errorResponses } from "../../../../shared/responses/common";
import { openRoomQuerySchema } from "../../../../shared/desk";
import {
  chatContactsSchema,
  chatMessagesSchema,
  lastReadSchema,
  openedRoomSchema,
} from "../../../../shared/responses/chat";
import type { ChatService } from "./chat-service";
import type { ConversationReads } from "./conversation-reads";
import type { AgentAvailability } from "../../../../shared/availability";
import { registerConversationTools } from "../search/conversation-tools-routes";
import { noBodySchema } from "../../../../shared/no-input";

export interface ChatOptions {
  /** The conversations' services, built once by the app's wiring (conversations.ts). */
  chat: ChatService;
  reads: ConversationReads;
  /** Agents' availability, shown to artists in their list and conversation header. */
  availabilityOf?: (agentIds: readonly string[]) => Promise<Map<string, AgentAvailability>>;
}

const tags = ["chat"];

/** REST for lists, history and read marks; sending goes through the socket with an ack. */
function chatPlugin(app: FastifyInstance, options: ChatOptions, done: (err?: Error) => void): void {
  const { chat, reads } = options;
  registerContactRoutes(app, chat, reads, options);
  registerHistoryRoutes(app, chat, reads);
  registerConversationTools(app, reads);
  registerSocketHandlers(app, chat);
  done();
}

/** Who one can talk to, and opening a conversation (artists also see agents' availability). */
function registerContactRoutes(
  parent: FastifyInstance,
  service: ChatService,
  reads: ConversationReads,
  options: Pick<ChatOptions, "availabilityOf">,
): void {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const { sessions } = app.ctx;

  /** Artists: every agent with last message and unread count. Agents: their inbox. */
  app.get(
    "/api/chat/contacts",
    {
      schema: {
        tags,
        summary: "Artists: every agent; agents: their inbox (last message, unread count)",
        querystring: contactSearchSchema,
        response: { 200: chatContactsSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const { user } = await sessions.require(request);
      const { q } = request.query;
      reply.header("cache-control", "no-store");
      const agents = await reads.contacts(user, q);
      if (user.admin) return agents;
      const shown = await options.availabilityOf?.(agents.map((a) => a.userId));
      return shown ? agents.map((a) => ({ ...a, availability: shown.get(a.userId) })) : agents;
    },
  );

  /** Opens the conversation with a person (creating the room once) and marks it read. */
  app.put(
    "/api/chat/rooms/with/:id",
    {
      schema: {
        tags,
        summary: "Open (create once) the conversation with a person and mark it read",
        params: chatIdParamsSchema,
        querystring: openRoomQuerySchema,
        body: noBodySchema,
        response: { 200: openedRoomSchema, ...errorResponses },
      },
    },
    async (request) => {
      const { user } = await sessions.require(request);
      const opened = await service.openRoom(user, request.params.id, request.query.room);
      if (user.admin || !options.availabilityOf) return opened;
      const shown = await options.availabilityOf([opened.peer.id]);
      return { ...opened, peerAvailability: shown.get(opened.peer.id) ?? null };
    },
  );
}

/** A room's messages, page by page, and its read mark. */
function registerHistoryRoutes(
  parent: FastifyInstance,
  service: ChatService,
  reads: ConversationReads,
): void {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const { sessions } = app.ctx;

  /** History: the latest page, ?before=seq for older pages, ?after=seq for what a reconnect missed. */
  app.get(
    "/api/chat/rooms/:id/messages",
    {
      schema: {
        tags,
        summary:
          "The latest page of a room; ?before=seq the page older than seq; ?after=seq what a client missed",
        params: chatIdParamsSchema,
        querystring: messagesQuerySchema,
        response: { 200: chatMessagesSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const { user } = await sessions.require(request);
      reply.header("cache-control", "no-store");
      return reads.history(user, request.params.id, request.query);
    },
  );

  app.post(
    "/api/chat/rooms/:id/read",
    {
      schema: {
        tags,
        summary: "Mark a room read now",
        params: chatIdParamsSchema,
        body: noBodySchema,
        response: { 200: lastReadSchema, ...errorResponses },
      },
    },
    async (request) => {
      const { user } = await sessions.require(request);
      const lastReadAt = await service.markRead(user, request.params.id);
      return { lastReadAt };
    },
  );
}

/** What arrives over the socket: typing signals and sends. */
function registerSocketHandlers(app: FastifyInstance, service: ChatService): void {
  const { realtime } = app;
  // Typing: passed on to whoever the service names (the other member, or
  // the artist when a teammate answers).
  realtime.handle("room:typing", (user, payload) => {
    service.typing(user, payload).catch((err: unknown) => {
      app.log.warn({ err }, "typing signal failed");
    });
  });
  // Sending: stored, fanned out, then acknowledged. The ack waits until the
  // fan-out is in Redis, so an instance that dies right after acking has
  // already passed the message to the other person's instance.
  realtime.handle("message:send", (user, payload, ack) => {
    // A script may emit without an acknowledgement callback.
    if (typeof ack !== "function") return;
    service
      .send(user, payload)
      .then(async ({ message }) => {
        await realtime.fannedOut();
        ack({ ok: true, message });
      })
      .catch((err: unknown) => {
        if (err instanceof HttpError) return ack({ ok: false, error: err.message });
        if (unavailableOf(err)) {
          // A database fault, not the message's: the tab keeps it and sends it again.
          app.log.warn({ err }, "chat send deferred: database unavailable");
          return ack({ ok: false, error: SEND_WILL_RETRY, retry: true });
        }
        app.log.error({ err }, "chat send failed");
        ack({ ok: false, error: "The message could not be sent. Please try again." });
      });
  });
}

export default fp(chatPlugin, {
  name: "chat",
  dependencies: ["realtime"],
  decorators: { fastify: ["ctx", "realtime"] },
});
