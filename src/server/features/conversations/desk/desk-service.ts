import type { Kysely } from "kysely";
import type { Database } from "../../../db/schema";
import type { DomainEvents, RoomParties } from "../../../events/domain-events";
import { HttpError, parseInput } from "../../../http/errors";
import type { ChatMessage } from "../../../../shared/chat";
import {
  assignSchema,
  deskLines,
  mentionedAgents,
  noteSchema,
  type ConversationStatus,
  type DeskInbox,
  type DeskInboxQuery,
  type DeskRoom,
} from "../../../../shared/desk";
import { displayName, type PublicUser } from "../../../../shared/user";
import type { RoomTransaction, RoomWriter } from "../messages/room-writer";
import {
  changeStatus,
  findDeskRoom,
  insertMentions,
  listAgents,
  setAssignee,
} from "../repositories/desk-repository";
import { countMineUnread, deskInbox } from "../repositories/inbox-repository";

export const AGENTS_ONLY = "Only support agents can do this.";
export const CONVERSATION_NOT_FOUND = "This conversation could not be found.";
export const NOT_AN_AGENT = "Choose a support agent.";

type Agent = Pick<PublicUser, "id" | "admin" | "artistName" | "username">;

export interface DeskServiceDeps {
  db: Kysely<Database>;
  events: DomainEvents;
  /** The room's one writer: each change and its line commit together. */
  writer: RoomWriter;
  now?: () => number;
}

/**
 * Assignment, resolve and reopen, and internal notes. Every change writes an
 * agents-only line (or the note itself) and is announced on the bus; nothing
 * here is ever addressed to an artist.
 */
export class DeskService {
  private readonly db: Kysely<Database>;
  private readonly events: DomainEvents;
  private readonly now: () => number;
  private readonly writer: RoomWriter;

  constructor(deps: DeskServiceDeps) {
    this.db = deps.db;
    this.events = deps.events;
    this.now = deps.now ?? Date.now;
    this.writer = deps.writer;
  }

  /** Throws 403 for anyone but a support agent. */
  requireAgent(user: Pick<PublicUser, "admin">): void {
    if (!user.admin) throw new HttpError(403, AGENTS_ONLY, undefined, "FORBIDDEN");
  }

  /** One desk view (Mine, Team, Resolved) with every view's count. */
  async inbox(user: Agent, query: DeskInboxQuery): Promise<DeskInbox> {
    this.requireAgent(user);
    return deskInbox(this.db, user.id, query);
  }

  /** The navigation badge: unread messages in what is the agent's (Mine). */
  async unread(user: Agent): Promise<number> {
    this.requireAgent(user);
    return countMineUnread(this.db, user.id);
  }

  private async room(roomId: string) {
    const room = await findDeskRoom(this.db, roomId);
    if (!room) throw new HttpError(404, CONVERSATION_NOT_FOUND, undefined, "NOT_FOUND");
    return room;
  }

  async state(user: Agent, roomId: string): Promise<DeskRoom> {
    this.requireAgent(user);
    const room = await this.room(roomId);
    return {
      roomId: room.roomId,
      artistId: room.artistId,
      assigneeId: room.assigneeId,
      status: room.status,
      agents: await listAgents(this.db),
    };
  }

  async assign(user: Agent, roomId: string, input: unknown): Promise<DeskRoom> {
    this.requireAgent(user);
    const { assigneeId } = parseInput(assignSchema, input);
    const room = await this.room(roomId);
    const agent = (await listAgents(this.db)).find((a) => a.id === assigneeId);
    if (!agent) throw new HttpError(400, NOT_AN_AGENT, { assigneeId: NOT_AN_AGENT });
    if (room.assigneeId !== assigneeId) {
      const line = await this.writer.change(async (tx) => {
        await setAssignee(tx.trx, roomId, assigneeId);
        return this.insertLine(tx, user, roomId, deskLines.assigned(displayName(user), agent.name));
      });
      await this.announce(room.artistId, roomId, assigneeId, room.status, line);
    }
    return this.state(user, roomId);
  }

  async resolve(user: Agent, roomId: string): Promise<DeskRoom> {
    return this.moveTo(user, roomId, "resolved", deskLines.resolved(displayName(user)));
  }

  async reopen(user: Agent, roomId: string): Promise<DeskRoom> {
    return this.moveTo(user, roomId, "open", deskLines.reopened(displayName(user)));
  }

  private async moveTo(
    user: Agent,
    roomId: string,
    to: ConversationStatus,
    text: string,
  ): Promise<DeskRoom> {
    this.requireAgent(user);
    const room = await this.room(roomId);
    const line = await this.writer.change(async (tx) =>
      (await changeStatus(tx.trx, roomId, to, this.now()))
        ? this.insertLine(tx, user, roomId, text)
        : undefined,
    );
    if (line) await this.announce(room.artistId, roomId, room.assigneeId, to, line);
    return this.state(user, roomId);
  }

  /**
   * A new message from the artist reopens a resolved conversation, back in
   * the assignee's Mine. The common case (an open room, or an agent's
   * message) needs no query and returns no promise: it runs on every send.
   */
  reopenForArtist(
    message: ChatMessage,
    parties: RoomParties | undefined,
  ): Promise<void> | undefined {
    if (!parties || parties.status !== "resolved" || parties.artistId !== message.userId) return;
    return this.reopenResolved(message);
  }

  private async reopenResolved(message: ChatMessage): Promise<void> {
    const room = await findDeskRoom(this.db, message.roomId);
    if (!room || room.artistId !== message.userId || room.status !== "resolved") return;
    const artist = { id: room.artistId, artistName: room.artistName, username: room.artistName };
    const line = await this.writer.change(async (tx) =>
      (await changeStatus(tx.trx, room.roomId, "open", message.createdAt))
        ? this.insertLine(tx, artist, room.roomId, deskLines.reopenedByArtist(room.artistName))
        : undefined,
    );
    if (line) await this.announce(room.artistId, room.roomId, room.assigneeId, "open", line);
  }

  /** Stores an internal note once (a retried id answers the stored note) and names the agents it mentions. */
  async addNote(user: Agent, roomId: string, input: unknown): Promise<ChatMessage> {
    this.requireAgent(user);
    const { id, text } = parseInput(noteSchema, input);
    await this.room(roomId);
    const now = this.now();
    // The note and its mentions commit together.
    const { result, mentionedIds } = await this.writer.change(async ({ trx, insert }) => {
      const result = await insert({
        id,
        roomId,
        senderId: user.id,
        senderName: displayName(user),
        text,
        createdAt: now,
        file: null,
        kind: "note",
      });
      if (result.outcome !== "created") return { result, mentionedIds: [] };
      const agents = await listAgents(trx);
      const mentionedIds = mentionedAgents(text, agents).filter((agentId) => agentId !== user.id);
      await insertMentions(trx, roomId, id, mentionedIds, now);
      return { result, mentionedIds };
    });
    if (result.outcome === "conflict") {
      throw new HttpError(409, "This note id is already taken.", undefined, "CONFLICT");
    }
    if (result.outcome === "existing") return result.message;
    await this.events.emit("desk.noteCreated", { message: result.message, mentionedIds });
    return result.message;
  }

  /** The agents-only line recording a change, inside the change's transaction. */
  private async insertLine(
    { insert }: RoomTransaction,
    by: Pick<PublicUser, "id" | "artistName" | "username">,
    roomId: string,
    text: string,
  ): Promise<ChatMessage> {
    const result = await insert({
      id: crypto.randomUUID(),
      roomId,
      senderId: by.id,
      senderName: displayName(by),
      text,
      createdAt: this.now(),
      file: null,
      kind: "event",
    });
    if (result.outcome === "conflict") throw new Error("desk line id collided");
    return result.message;
  }

  private async announce(
    artistId: string,
    roomId: string,
    assigneeId: string | null,
    status: ConversationStatus,
    line: ChatMessage,
  ): Promise<void> {
    await this.events.emit("desk.conversationChanged", {
      roomId,
      artistId,
      assigneeId,
      status,
      line,
    });
  }
}
