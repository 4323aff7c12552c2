import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { readSession, requireSession } from "../../auth/session-guard";
import { HttpError, parseInput } from "../../http/errors";
import { chatRoomId, contactSearchSchema, messagesQuerySchema } from "../../../shared/chat";
import { chatEvents, type RoomReadEvent, type SendAck } from "../../../shared/chat-events";
import type { AuthedSocket } from "../../realtime/socket-server";
import {
  deleteRoomsOfUser,
  listAgentsForUser,
  listInboxForAgent,
  listMessages,
  peersOf,
} from "./repository";
import { ChatService } from "./service";
import { registerChatUploadPurpose } from "./chat-upload-purpose";
import { deleteStoredFiles } from "../uploads/stored-files";
import { CHAT_UPLOAD_PURPOSE } from "../../../shared/chat";

const idParams = z.object({ id: z.string().min(1).max(200) });

/** REST for lists, history and read marks; sending goes through the socket with an ack. */
export function registerChatRoutes(app: FastifyInstance): ChatService {
  const { auth, database } = app.ctx;
  const service = new ChatService(app.ctx, registerChatUploadPurpose(app));

  const announceRead = async (event: RoomReadEvent) => {
    app.realtime.toUsers(await service.memberIds(event.roomId), chatEvents.read, event);
  };

  /** Artists: every agent with last message and unread count. Agents: their inbox. */
  app.get("/api/chat/contacts", async (request, reply) => {
    const { user } = await requireSession(auth, request);
    const { q } = parseInput(contactSearchSchema, request.query);
    reply.header("cache-control", "no-store");
    return user.admin
      ? listInboxForAgent(database, user.id, q)
      : listAgentsForUser(database, user.id, q, (peerId) => chatRoomId(user.id, peerId));
  });

  /** Opens the conversation with a person (creating the room once) and marks it read. */
  app.put("/api/chat/rooms/with/:id", async (request) => {
    const { user } = await requireSession(auth, request);
    const { id } = parseInput(idParams, request.params);
    const opened = await service.openRoom(user, id);
    await announceRead({
      roomId: opened.roomId,
      userId: user.id,
      lastReadAt: opened.lastReadAt ?? 0,
    });
    return opened;
  });

  /** History (latest page) or, with ?after=seq, what a client missed after a reconnect. */
  app.get("/api/chat/rooms/:id/messages", async (request, reply) => {
    const { user } = await requireSession(auth, request);
    const { id } = parseInput(idParams, request.params);
    const { after } = parseInput(messagesQuerySchema, request.query);
    await service.requireMember(id, user.id);
    reply.header("cache-control", "no-store");
    return listMessages(database.db, id, after);
  });

  app.post("/api/chat/rooms/:id/read", async (request) => {
    const { user } = await requireSession(auth, request);
    const { id } = parseInput(idParams, request.params);
    const lastReadAt = await service.markRead(user, id);
    await announceRead({ roomId: id, userId: user.id, lastReadAt });
    return { lastReadAt };
  });

  app.realtime.io.on("connection", (raw) => {
    const socket = raw as AuthedSocket;
    const { user } = socket.data;
    socket.on(chatEvents.send as never, (payload: unknown, ack: unknown) => {
      if (typeof ack !== "function") return;
      const reply = ack as (answer: SendAck) => void;
      service
        .send(user, payload)
        .then(async ({ message, created }) => {
          reply({ ok: true, message });
          if (created) {
            app.realtime.toUsers(
              await service.memberIds(message.roomId),
              chatEvents.message,
              message,
            );
          }
        })
        .catch((err: unknown) => {
          if (err instanceof HttpError) return reply({ ok: false, error: err.message });
          app.log.error({ err }, "chat send failed");
          reply({ ok: false, error: "The message could not be sent. Please try again." });
        });
    });
  });

  // Names and pictures in chat lists: when someone changes theirs, the people
  // who see it refetch (an agent is in every artist's list; an artist only in
  // the inboxes of agents they talk to).
  app.addHook("onResponse", async (request, reply) => {
    const changesFace =
      (request.method === "PATCH" && request.url === "/api/profile") ||
      (request.method === "PUT" && request.url === "/api/profile/picture");
    if (!changesFace || reply.statusCode >= 400) return;
    const session = await readSession(auth, request.headers);
    if (!session) return;
    if (session.user.admin) return announceDirectoryChanged(app);
    app.realtime.toUsers(await peersOf(database.db, session.user.id), chatEvents.directory, {});
  });

  app.ctx.userCleanups.push(async (userId, trx) => {
    const roomIds = await deleteRoomsOfUser(trx, userId);
    service.forgetRooms(roomIds);
    app.realtime.disconnectUser(userId);
    // Both people's files in those rooms go with the conversation.
    for (const scope of roomIds) {
      await deleteStoredFiles(app.ctx.storage, trx, { purpose: CHAT_UPLOAD_PURPOSE, scope });
    }
  });
  return service;
}

/** Tells every tab that the agent directory changed (an agent added or renamed). */
export function announceDirectoryChanged(app: FastifyInstance): void {
  app.realtime.toEveryone(chatEvents.directory, {});
}
