import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { HttpError } from "../../../http/errors";
import {
  chatIdParamsSchema,
  chatRoomId,
  contactSearchSchema,
  messagesQuerySchema,
} from "../../../../shared/chat";
import { SEND_WILL_RETRY, isTypingEvent } from "../../../../shared/chat-events";
import { unavailableOf } from "../../../http/unavailable-errors";
import { errorResponses } from "../../../../shared/responses/common";
import { openRoomQuerySchema } from "../../../../shared/desk";
import {
  chatContactsSchema,
  chatMessagesSchema,
  lastReadSchema,
  openedRoomSchema,
} from "../../../../shared/responses/chat";
import { listAgentsForUser, listInboxForAgent, listMessages } from "../repositories";
import { ChatService } from "./chat-service";
import { RoomWriter } from "./room-writer";
import { statusChangeLine } from "../../../../shared/song-events";
import { chatFileResolver } from "./chat-upload-purpose";
import type { UserBudget } from "../../../limits/user-budget";
import type { AgentAvailability } from "../../../../shared/availability";
import { registerConversationTools } from "../search/conversation-tools-routes";
import { noBodySchema } from "../../../../shared/no-input";
import { keepSearchIndex } from "../repositories/search-index-upkeep";

export interface ChatOptions {
  /** Each user's send budget (CHAT_SEND_BURST, CHAT_SENDS_PER_MINUTE). */
  sendBudget?: UserBudget;
  /** Agents' availability, shown to artists in their list and conversation header. */
  availabilityOf?: (agentIds: readonly string[]) => Promise<Map<string, AgentAvailability>>;
}

const tags = ["chat"];

/** REST for lists, history and read marks; sending goes through the socket with an ack. */
function chatPlugin(app: FastifyInstance, options: ChatOptions, done: (err?: Error) => void): void {
  const { database, events } = app.ctx;
  const service = new ChatService({
    db: database.db,
    writer: new RoomWriter({
      db: database.db,
      dialect: database.dialect,
      ...(database.sqlite ? { sqlite: database.sqlite } : {}),
      // Several instances share the sockets through Redis: marks make delivery durable (094).
      ...(app.realtime.instanceId ? { markFanOut: app.realtime.instanceId } : {}),
    }),
    events,
    resolveFile: chatFileResolver(database.db),
    ...(options.sendBudget ? { sendBudget: options.sendBudget } : {}),
  });
  registerContactRoutes(app, service, options);
  registerHistoryRoutes(app, service);
  registerConversationTools(app, service);
  registerSocketHandlers(app, service);
  if (database.sqlite) {
    const stop = keepSearchIndex(database.db, database.sqlite, (err) =>
      app.log.warn({ err }, "Chat search index: folding new messages failed; will retry"),
    );
    app.addHook("onClose", (_app, closed) => {
      stop();
      closed();
    });
  }

  // A song's status change shows in the agent-artist conversation as a system line.
  events.on("song.statusChanged", async ({ songId, artistId, title, to, agentId, agentName }) => {
    await service.postSystemLine(
      { id: agentId, name: agentName },
      artistId,
      statusChangeLine(agentName, title, to),
      songId,
    );
  });

  done();
}

/** Who one can talk to, and opening a conversation (artists also see agents' availability). */
function registerContactRoutes(
  parent: FastifyInstance,
  service: ChatService,
  options: ChatOptions,
): void {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const { database, sessions } = app.ctx;

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
      if (user.admin) return listInboxForAgent(database, user.id, q);
      const agents = await listAgentsForUser(database, user.id, q, (peerId) =>
        chatRoomId(user.id, peerId),
      );
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
function registerHistoryRoutes(parent: FastifyInstance, service: ChatService): void {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const { database, sessions } = app.ctx;

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
      const { id } = request.params;
      await service.requireAccess(id, user);
      reply.header("cache-control", "no-store");
      return listMessages(database.db, id, request.query, user.admin);
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
  const { events } = app.ctx;
  // Typing: passed on (by the realtime fan-out) to whoever the service names:
  // the other member, or the artist when a teammate answers.
  realtime.handle("room:typing", (user, payload) => {
    if (!isTypingEvent(payload)) return;
    const { roomId } = payload;
    void service
      .typingRecipients(roomId, user)
      .then(async (recipients) => {
        if (recipients.length === 0) return;
        await events.emit("chat.typing", { roomId, userId: user.id, recipientIds: recipients });
      })
      .catch((err: unknown) => app.log.warn({ err }, "typing signal failed"));
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
