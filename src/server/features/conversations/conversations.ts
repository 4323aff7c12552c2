import type { FastifyBaseLogger } from "fastify";
import type { DatabaseHandle } from "../../db/database";
import type { DomainEvents } from "../../events/domain-events";
import type { UserBudget } from "../../limits/user-budget";
import type { RealtimeLookups } from "../../realtime/pending-delivery";
import { statusChangeLine } from "../../../shared/song-events";
import type { RoomMembers } from "./access/room-members";
import { ChatService } from "./messages/chat-service";
import { chatFileResolver } from "./messages/chat-upload-purpose";
import { RoomWriter } from "./messages/room-writer";
import { ConversationReads } from "./messages/conversation-reads";
import { DeskService } from "./desk/desk-service";
import { keepSearchIndex } from "./repositories/search-index-upkeep";
import { loadPendingDeliveries } from "./repositories/fan-out-marks";
import { peersOf } from "./repositories";

export interface ConversationsDeps {
  database: DatabaseHandle;
  events: DomainEvents;
  log: FastifyBaseLogger;
  /** This instance's id, with Redis: every write carries a fan-out mark (decision 094). */
  instanceId?: string;
  /** Each user's send budget (CHAT_SEND_BURST, CHAT_SENDS_PER_MINUTE). */
  sendBudget?: UserBudget;
  /** The instance's room member cache, shared with the room's file downloads. */
  members: RoomMembers;
}

/** The conversations feature as the app's wiring builds it once. */
export interface Conversations {
  chat: ChatService;
  reads: ConversationReads;
  desk: DeskService;
  /** Stops its side jobs (the search index upkeep); call on close. */
  stop: () => void;
}

/**
 * Builds the feature's services around ONE room writer, and starts what it
 * does on its own: the search index's upkeep (SQLite), the status line of a
 * song in the artist's conversation, and reopening a resolved conversation
 * when its artist writes.
 */
export function createConversations(deps: ConversationsDeps): Conversations {
  const { database, events } = deps;
  const writer = new RoomWriter({
    db: database.db,
    dialect: database.dialect,
    ...(database.sqlite ? { sqlite: database.sqlite } : {}),
    ...(deps.instanceId ? { markFanOut: deps.instanceId } : {}),
  });
  const chat = new ChatService({
    db: database.db,
    writer,
    events,
    members: deps.members,
    resolveFile: chatFileResolver(database.db),
    ...(deps.sendBudget ? { sendBudget: deps.sendBudget } : {}),
  });
  const desk = new DeskService({ db: database.db, events, writer });
  const reads = new ConversationReads(database, chat);

  // A song's status change shows in the agent-artist conversation as a system line.
  events.on("song.statusChanged", async ({ songId, artistId, title, to, agentId, agentName }) => {
    await chat.postSystemLine(
      { id: agentId, name: agentName },
      artistId,
      statusChangeLine(agentName, title, to),
      songId,
    );
  });
  // A new message from the artist reopens a resolved conversation.
  events.on("chat.messageCreated", ({ message, room }) => desk.reopenForArtist(message, room));

  const stop = database.sqlite
    ? keepSearchIndex(database.db, database.sqlite, (err) =>
        deps.log.warn({ err }, "Chat search index: folding new messages failed; will retry"),
      )
    : () => undefined;
  return { chat, reads, desk, stop };
}

/** What realtime asks of conversations (peers for the directory, stored lines to deliver again). */
export function conversationLookups(database: DatabaseHandle): RealtimeLookups {
  return {
    peersOf: (userId) => peersOf(database.db, userId),
    loadPending: (ids) => loadPendingDeliveries(database.db, ids),
  };
}
