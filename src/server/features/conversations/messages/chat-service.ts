import type { Kysely } from "kysely";
import { growingLruCache } from "../../../cache/growing-lru-cache";
import type { Database } from "../../../db/schema";
import type { DomainEvents, RoomParties } from "../../../events/domain-events";
import { HttpError, parseInput } from "../../../http/errors";
import { displayName, type PublicUser } from "../../../../shared/user";
import {
  chatRoomId,
  sendMessageSchema,
  type ChatMessage,
  type ChatPeer,
  type MessageSongRef,
  type OpenedRoom,
} from "../../../../shared/chat";
import { findChatPeer, findReferableSong } from "../repositories/chat-lookups";
import type { RoomWriter } from "./room-writer";
import {
  ensureRoom,
  ensureRoomIn,
  findArtistRoom,
  findMembership,
  findOwnMessage,
  findRoomParties,
  markAgentRead,
  markRead,
  type NewMessage,
} from "../repositories";
import { SEND_TOO_FAST, isTypingEvent } from "../../../../shared/chat-events";
import { mayReadKind, mayUseRoom, requireRoomUse } from "../access/access-rule";
import { QUOTE_NOT_FOUND } from "../../../../shared/quote";
import { findQuotable } from "../repositories/quotes";
import { firstUnread } from "../repositories/unread-start";
import type { UserBudget } from "../../../limits/user-budget";
import type { RoomMembers } from "../access/room-members";

export { NOT_A_MEMBER } from "../access/access-rule";
export const PEER_NOT_FOUND = "This person could not be found.";
export const ARTISTS_CHAT_WITH_AGENTS = "Artists can only chat with support agents.";
export const AGENTS_CHAT_WITH_ARTISTS = "Support agents can only chat with artists.";
export const MESSAGE_ID_TAKEN = "This message id is already taken.";

/** Turns an uploaded chat file into a message attachment, or throws HttpError. */
export type ChatFileResolver = (
  user: PublicUser,
  roomId: string,
  fileId: string,
) => Promise<NonNullable<NewMessage["file"]>>;

export interface ChatServiceDeps {
  db: Kysely<Database>;
  events: DomainEvents;
  resolveFile: ChatFileResolver;
  /** Each user's send budget (burst and sustained); unlimited when absent. */
  sendBudget?: UserBudget;
  /** The room's one writer (group-committed sends; system lines with their room). */
  writer: RoomWriter;
  /** Each room's members, cached (shared with the room's file downloads). */
  members: RoomMembers;
  now?: () => number;
}

/** Rooms, read marks and messages; emits `chat.messageCreated` and `chat.roomRead`. */
export class ChatService {
  private readonly db: Kysely<Database>;
  private readonly events: DomainEvents;
  private readonly resolveFile: ChatFileResolver;
  private readonly sendBudget: UserBudget | undefined;
  private readonly now: () => number;
  private readonly writer: RoomWriter;

  private readonly members: RoomMembers;

  constructor(deps: ChatServiceDeps) {
    this.db = deps.db;
    this.events = deps.events;
    this.resolveFile = deps.resolveFile;
    this.sendBudget = deps.sendBudget;
    this.now = deps.now ?? Date.now;
    this.writer = deps.writer;
    this.members = deps.members;
    this.events.onEveryInstance("user.deleted", ({ userId }) => {
      for (const [roomId, room] of this.parties.entries()) {
        if (room.artistId === userId || room.agentId === userId || room.assigneeId === userId) {
          this.parties.delete(roomId);
        }
      }
    });
    // Assignee and status change on the desk: read afresh on the next send.
    this.events.onEveryInstance("desk.conversationChanged", ({ roomId }) => {
      this.parties.delete(roomId);
    });
  }

  /**
   * Room id → its artist, agent, assignee and status, for the send's event
   * (the desk's reopen, the unread mail), so a send needs no query for them.
   * Dropped on every instance when the desk changes the room; a short TTL
   * bounds what a missed event could leave stale.
   */
  private readonly parties = growingLruCache<string, RoomParties>(50_000, { ttl: 60_000 });

  private async roomParties(roomId: string): Promise<RoomParties | undefined> {
    const cached = this.parties.get(roomId);
    if (cached) return cached;
    const room = await findRoomParties(this.db, roomId);
    if (room) this.parties.set(roomId, room);
    return room;
  }

  memberIds(roomId: string): Promise<readonly string[]> {
    return this.members.of(roomId);
  }

  /**
   * Who hears that the user is typing in a room: the other member; for a
   * teammate answering from the shared inbox, the artist only (the agent the
   * artist picked is a colleague, not the person waiting). Nobody, for
   * anyone who may not write there.
   */
  async typingRecipients(
    roomId: string,
    user: Pick<PublicUser, "id" | "admin">,
  ): Promise<readonly string[]> {
    const ids = await this.memberIds(roomId);
    if (!mayUseRoom(user, ids)) return [];
    if (ids.includes(user.id)) return ids.filter((id) => id !== user.id);
    const artistId = (await this.roomParties(roomId))?.artistId;
    return artistId ? [artistId] : [];
  }

  /**
   * A typing signal from a socket: passed on (by the realtime fan-out) to
   * whoever typingRecipients names. Anything but a typing event is ignored.
   */
  async typing(user: Pick<PublicUser, "id" | "admin">, payload: unknown): Promise<void> {
    if (!isTypingEvent(payload)) return;
    const { roomId } = payload;
    const recipientIds = await this.typingRecipients(roomId, user);
    if (recipientIds.length === 0) return;
    await this.events.emit("chat.typing", { roomId, userId: user.id, recipientIds });
  }

  /**
   * Throws 403 unless the user may read and write the room (access-rule.ts),
   * with the room's members from this instance's cache.
   */
  async requireAccess(
    roomId: string,
    user: Pick<PublicUser, "id" | "admin">,
  ): Promise<readonly string[]> {
    const members = await this.memberIds(roomId);
    requireRoomUse(user, members);
    return members;
  }

  /**
   * Opens (creating if needed) the room between the user and a peer, and marks
   * it read. Artists open rooms only with agents; agents only with artists.
   */
  async openRoom(user: PublicUser, peerId: string, preferredRoomId?: string): Promise<OpenedRoom> {
    const peer = await findChatPeer(this.db, peerId);
    if (!peer || peer.id === user.id)
      throw new HttpError(404, PEER_NOT_FOUND, undefined, "NOT_FOUND");
    if (!user.admin && !peer.admin) {
      throw new HttpError(403, ARTISTS_CHAT_WITH_AGENTS, undefined, "FORBIDDEN");
    }
    if (user.admin && peer.admin) {
      throw new HttpError(403, AGENTS_CHAT_WITH_ARTISTS, undefined, "FORBIDDEN");
    }
    const now = this.now();
    // An agent opens the artist's conversation, whichever agent the artist
    // picked; a new room only when the artist has none yet.
    const existing = user.admin
      ? await findArtistRoom(this.db, peer.id, user.id, preferredRoomId)
      : undefined;
    const roomId = existing ?? chatRoomId(user.id, peer.id);
    // Where the unread messages begin, read before this visit marks them read.
    const unread = await firstUnread(this.db, roomId, user);
    // The spec: lastRead is null for the agent when the room is created.
    if (!existing) {
      await ensureRoom(
        this.db,
        roomId,
        [
          { userId: user.id, lastReadAt: now },
          { userId: peer.id, lastReadAt: peer.admin ? null : now },
        ],
        now,
      );
    }
    await markRead(this.db, roomId, user.id, now);
    if (user.admin) await markAgentRead(this.db, roomId, user.id, now);
    await this.announceRead(roomId, user.id, now);
    // Artists see an agent's public face; agents see the artist's profile.
    const visible: ChatPeer = user.admin
      ? peer
      : { ...peer, bio: null, spotifyUrl: null, appleMusicUrl: null, youtubeUrl: null };
    // "Seen" under one's own last message starts from the peer's read mark.
    const peerRead = await findMembership(this.db, roomId, peer.id);
    return {
      roomId,
      peer: visible,
      lastReadAt: now,
      peerLastReadAt: peerRead?.lastReadAt ?? null,
      firstUnread: unread,
    };
  }

  async markRead(user: PublicUser, roomId: string): Promise<number> {
    await this.requireAccess(roomId, user);
    const now = this.now();
    await markRead(this.db, roomId, user.id, now);
    if (user.admin) await markAgentRead(this.db, roomId, user.id, now);
    await this.announceRead(roomId, user.id, now);
    return now;
  }

  /** Tells the listeners of a stored message; `members` when the caller already has them. */
  private async announceMessage(message: ChatMessage, members?: readonly string[]): Promise<void> {
    const { roomId } = message;
    const memberIds = members ?? (await this.memberIds(roomId));
    const room = await this.roomParties(roomId);
    // Anyone but the room's artist writes as an agent (unknown parties: assume so).
    const byAgent = !room || message.userId !== room.artistId;
    const created = this.events.emit("chat.messageCreated", { message, memberIds, room });
    if (!byAgent) return created;
    await Promise.all([created, this.events.emit("agent.replied", { agentId: message.userId })]);
  }

  private async announceRead(roomId: string, userId: string, lastReadAt: number) {
    const members = await this.memberIds(roomId);
    // An agent reading without being a member hears their own mark too (other tabs).
    const memberIds = members.includes(userId) ? members : [...members, userId];
    await this.events.emit("chat.roomRead", { roomId, userId, lastReadAt, memberIds });
  }

  /** Validates and stores a message once; `created` is false for a retried send. */
  async send(
    user: PublicUser,
    input: unknown,
  ): Promise<{ message: ChatMessage; created: boolean }> {
    const data = parseInput(sendMessageSchema, input);
    const members = await this.requireAccess(data.roomId, user);
    const waitSeconds = this.sendBudget ? await this.sendBudget(user.id) : null;
    if (waitSeconds !== null) {
      // A retry of a message already stored (its ack was lost) is answered, not refused.
      const stored = await findOwnMessage(this.db, data.id, data.roomId, user);
      if (stored) return { message: stored, created: false };
      throw new HttpError(429, SEND_TOO_FAST, undefined, "TOO_MANY_ATTEMPTS", waitSeconds);
    }
    const song = data.songId ? await this.referableSong(user, data.roomId, data.songId) : null;
    const quote = data.quoteId
      ? await findQuotable(this.db, data.roomId, data.quoteId, user)
      : null;
    if (quote === undefined) throw new HttpError(400, QUOTE_NOT_FOUND, undefined, "BAD_QUOTE");
    const file = data.fileId ? await this.resolveFile(user, data.roomId, data.fileId) : null;
    const result = await this.writer.message({
      id: data.id,
      roomId: data.roomId,
      senderId: user.id,
      senderName: displayName(user),
      text: data.text,
      createdAt: this.now(),
      file,
      songId: song?.id ?? null,
      quoteId: quote?.id ?? null,
    });
    // "Already stored" answers only what the sender may see: an artist reusing
    // the id of an agents-only line stored under their name (the desk's
    // "reopened by the artist") is told the id is taken, as for anyone else's.
    const taken = result.outcome === "conflict" || !mayReadKind(user, result.message.kind);
    if (taken) {
      throw new HttpError(409, MESSAGE_ID_TAKEN, undefined, "CONFLICT");
    }
    const message = { ...result.message, song, quote };
    const created = result.outcome === "created";
    if (created) await this.announceMessage(message, members);
    return { message, created };
  }

  /** A song a message may refer to: one of the room's artist (see findReferableSong). */
  private async referableSong(
    user: PublicUser,
    roomId: string,
    songId: string,
  ): Promise<MessageSongRef> {
    const artistId = user.admin ? (await this.roomParties(roomId))?.artistId : user.id;
    return findReferableSong(this.db, artistId, songId);
  }

  /**
   * Writes a system line into the conversation between an agent and an
   * artist (creating it if needed), e.g. "Alex marked 'Night Drive' as
   * released", and emits it like any new message.
   */
  async postSystemLine(
    agent: { id: string; name: string },
    artistId: string,
    text: string,
    songId: string,
  ): Promise<ChatMessage> {
    const roomId = chatRoomId(agent.id, artistId);
    const now = this.now();
    // A new room and its first line commit together. The agent has read it
    // (they caused the line); the artist has not.
    const result = await this.writer.change(async ({ trx, insert }) => {
      await ensureRoomIn(
        trx,
        roomId,
        [
          { userId: agent.id, lastReadAt: now },
          { userId: artistId, lastReadAt: null },
        ],
        now,
      );
      return insert({
        id: crypto.randomUUID(),
        roomId,
        senderId: agent.id,
        senderName: agent.name,
        text,
        createdAt: now,
        file: null,
        kind: "system",
        songId,
      });
    });
    if (result.outcome === "conflict") throw new Error("system line id collided");
    await this.announceMessage(result.message);
    return result.message;
  }
}
