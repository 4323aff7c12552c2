import type { AppContext } from "../../app";
import { HttpError, parseInput } from "../../http/errors";
import { displayName, type PublicUser } from "../../../shared/user";
import {
  chatRoomId,
  sendMessageSchema,
  type ChatMessage,
  type ChatPeer,
  type OpenedRoom,
} from "../../../shared/chat";
import { createMessageWriter } from "./message-writer";
import { ensureRoom, markRead, roomMemberIds, type NewMessage } from "./repository";

export const NOT_A_MEMBER = "You are not part of this conversation.";
export const PEER_NOT_FOUND = "This person could not be found.";
export const ARTISTS_CHAT_WITH_AGENTS = "Artists can only chat with support agents.";
export const AGENTS_CHAT_WITH_ARTISTS = "Support agents can only chat with artists.";

/** Turns an uploaded chat file into a message attachment, or throws HttpError. */
export type ChatFileResolver = (
  user: PublicUser,
  roomId: string,
  fileId: string,
) => Promise<NonNullable<NewMessage["file"]>>;

export class ChatService {
  constructor(
    private readonly ctx: AppContext,
    private readonly resolveFile: ChatFileResolver,
    private readonly now: () => number = Date.now,
  ) {
    this.write = createMessageWriter(ctx.database.db);
  }

  /**
   * Room id → its two members. Membership never changes once a room exists
   * (only account deletion removes rooms, see forgetRooms), so the hot send
   * path skips two queries. Bounded: the oldest entries go first.
   */
  private readonly members = new Map<string, readonly string[]>();
  private static readonly MEMBER_CACHE_SIZE = 50_000;

  async memberIds(roomId: string): Promise<readonly string[]> {
    const cached = this.members.get(roomId);
    if (cached) return cached;
    const ids = await roomMemberIds(this.db, roomId);
    if (ids.length > 0) {
      if (this.members.size >= ChatService.MEMBER_CACHE_SIZE) {
        this.members.delete(this.members.keys().next().value!);
      }
      this.members.set(roomId, ids);
    }
    return ids;
  }

  forgetRooms(roomIds: readonly string[]): void {
    for (const id of roomIds) this.members.delete(id);
  }

  private readonly write: ReturnType<typeof createMessageWriter>;

  private get db() {
    return this.ctx.database.db;
  }

  /** Throws 403 unless the user is one of the room's two people. */
  async requireMember(roomId: string, userId: string): Promise<void> {
    if (!(await this.memberIds(roomId)).includes(userId)) {
      throw new HttpError(403, NOT_A_MEMBER, undefined, "FORBIDDEN");
    }
  }

  /**
   * Opens (creating if needed) the room between the user and a peer, and marks
   * it read. Artists open rooms only with agents; agents only with artists.
   */
  async openRoom(user: PublicUser, peerId: string): Promise<OpenedRoom> {
    const peer = await this.findPeer(peerId);
    if (!peer || peer.id === user.id)
      throw new HttpError(404, PEER_NOT_FOUND, undefined, "NOT_FOUND");
    if (!user.admin && !peer.admin) {
      throw new HttpError(403, ARTISTS_CHAT_WITH_AGENTS, undefined, "FORBIDDEN");
    }
    if (user.admin && peer.admin) {
      throw new HttpError(403, AGENTS_CHAT_WITH_ARTISTS, undefined, "FORBIDDEN");
    }
    const roomId = chatRoomId(user.id, peer.id);
    const now = this.now();
    // The spec: lastRead is null for the agent when the room is created.
    await ensureRoom(
      this.db,
      roomId,
      [
        { userId: user.id, lastReadAt: now },
        { userId: peer.id, lastReadAt: peer.admin ? null : now },
      ],
      now,
    );
    await markRead(this.db, roomId, user.id, now);
    // Artists see an agent's public face; agents see the artist's profile.
    const visible: ChatPeer = user.admin
      ? peer
      : { ...peer, bio: null, spotifyUrl: null, appleMusicUrl: null, youtubeUrl: null };
    return { roomId, peer: visible, lastReadAt: now };
  }

  async markRead(user: PublicUser, roomId: string): Promise<number> {
    await this.requireMember(roomId, user.id);
    const now = this.now();
    await markRead(this.db, roomId, user.id, now);
    return now;
  }

  /** Validates and stores a message once; `created` is false for a retried send. */
  async send(
    user: PublicUser,
    input: unknown,
  ): Promise<{ message: ChatMessage; created: boolean }> {
    const data = parseInput(sendMessageSchema, input);
    await this.requireMember(data.roomId, user.id);
    const file = data.fileId ? await this.resolveFile(user, data.roomId, data.fileId) : null;
    const result = await this.write({
      id: data.id,
      roomId: data.roomId,
      senderId: user.id,
      senderName: displayName(user),
      text: data.text,
      createdAt: this.now(),
      file,
    });
    if (result.outcome === "conflict") {
      throw new HttpError(409, "This message id is already taken.", undefined, "CONFLICT");
    }
    return { message: result.message, created: result.outcome === "created" };
  }

  private async findPeer(peerId: string): Promise<ChatPeer | undefined> {
    const row = await this.db
      .selectFrom("user")
      .select([
        "id",
        "artistName",
        "username",
        "email",
        "profilePicture",
        "admin",
        "bio",
        "spotifyUrl",
        "appleMusicUrl",
        "youtubeUrl",
      ])
      .where("id", "=", peerId)
      .executeTakeFirst();
    if (!row) return undefined;
    return {
      id: row.id,
      name: displayName(row),
      email: row.email,
      picture: row.profilePicture,
      admin: Boolean(row.admin),
      bio: row.bio,
      spotifyUrl: row.spotifyUrl,
      appleMusicUrl: row.appleMusicUrl,
      youtubeUrl: row.youtubeUrl,
    };
  }
}
