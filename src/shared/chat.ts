import { z } from "zod";
import { plainString } from "./plain-text";
import type { AgentAvailability } from "./availability";
import type { MessageQuote } from "./quote";
import type { ChatFileType } from "./chat-file-type";

/** Longest text a chat message may carry; a pasted novel is not a support question. */
export const MESSAGE_MAX_LENGTH = 4000;
/** The spec's message numbering: every new message is written with these. */
export const FROM_MSG_NUM = 0;
export const TO_MSG_NUM = 1;
/** Messages one page of history or resync returns at most. */
export const MESSAGE_PAGE_SIZE = 200;
/** Chat attachments: images and audio up to this size. */
export const CHAT_FILE_MAX_BYTES = 25 * 1024 * 1024;
export const CHAT_UPLOAD_PURPOSE = "chat";

export type { ChatFileType };
export type MessageStatus = "sending" | "sent";

/** A song a message refers to, as its compact card shows it (current status). */
export interface MessageSongRef {
  id: string;
  title: string;
  status: string;
  coverUrl: string | null;
}

/** A stored message as both sides see it (the spec's fields plus seq and roomId). */
export interface ChatMessage {
  id: string;
  roomId: string;
  /** Increasing per room; the client resyncs after the last one it holds. */
  seq: number;
  userId: string;
  senderName: string;
  text: string;
  /** Epoch milliseconds. */
  createdAt: number;
  status: MessageStatus;
  from_msg_num: number;
  to_msg_num: number;
  fileUrl: string | null;
  fileType: ChatFileType | null;
  fileName: string | null;
  fileSize: number | null;
  /**
   * "system" for a line the portal wrote for both people (a song's status
   * changed); "note" (internal note) and "event" (assigned, resolved) reach
   * agents only; absent for people's messages.
   */
  kind?: "system" | "note" | "event";
  /** The song this message asks about; null when it refers to none (or the song is gone). */
  song?: MessageSongRef | null;
  /** The message of the same room this one replies to; absent or null when none. */
  quote?: MessageQuote | null;
}

/** The spec's room id: the two user ids sorted and joined with a hyphen. */
export function chatRoomId(userA: string, userB: string): string {
  return [userA, userB].sort().join("-");
}

/** A message as the client sends it; the id is made by the client so a retry is stored once. */
export const sendMessageSchema = z
  .object({
    id: z.uuid({ error: "A message needs a valid id." }),
    roomId: plainString().min(3).max(200),
    text: plainString()
      .max(MESSAGE_MAX_LENGTH, {
        error: `A message can have at most ${MESSAGE_MAX_LENGTH} characters.`,
      })
      .transform((t) => t.trim())
      .default(""),
    fileId: plainString().min(1).max(200).optional(),
    /** "Ask about this song": the artist's own song (an agent: the room's artist's song). */
    songId: plainString().min(1).max(100).optional(),
    /** Reply with a quote: a message of the same room the sender may see. */
    quoteId: plainString().min(1).max(200).optional(),
  })
  .refine((m) => m.text.length > 0 || m.fileId !== undefined || m.songId !== undefined, {
    error: "Type a message before sending.",
    path: ["text"],
  });
export type SendMessageInput = z.input<typeof sendMessageSchema>;

/** Whether the composer may send this text (the spec: empty or whitespace-only is not sent). */
export function isSendableText(text: string): boolean {
  return text.trim().length > 0 && text.length <= MESSAGE_MAX_LENGTH;
}

// PostgreSQL's integer: a larger value would fail the query instead of answering 400.
const seqParam = z.coerce
  .number({ error: "A message position must be a whole number." })
  .int({ error: "A message position must be a whole number." })
  .min(0, { error: "A message position must be a whole number." })
  .max(2_147_483_647, { error: "A message position must be a whole number." });

/**
 * History by key on seq, never OFFSET: nothing is the latest page, `after`
 * what came after a seq (resync), `before` the page older than a seq.
 */
export const messagesQuerySchema = z
  .object({ after: seqParam.optional(), before: seqParam.optional() })
  .refine((q) => q.after === undefined || q.before === undefined, {
    error: "Ask for messages before or after a position, not both.",
  });
export type MessagesQuery = z.infer<typeof messagesQuerySchema>;

export const contactSearchSchema = z.object({
  q: plainString().trim().max(100, { error: "Search at most 100 characters." }).default(""),
});

/** The {id} of a room (/api/chat/rooms/{id}) or of the person to chat with (rooms/with/{id}). */
export const chatIdParamsSchema = z.object({ id: plainString().min(1).max(200) });

/** The last message of a conversation, as the chat list shows it. */
export interface LastMessage {
  text: string;
  fileType: ChatFileType | null;
  createdAt: number;
  senderId: string;
}

/** One row of the artist's agent list or the agent's inbox. */
export interface ChatContact {
  userId: string;
  name: string;
  email: string;
  picture: string | null;
  roomId: string;
  lastMessage: LastMessage | null;
  unread: number;
  /** Agents as artists see them: away, return day, usual reply time. */
  availability?: AgentAvailability;
}

/** The person on the other side of a conversation; agents also see the artist's profile. */
export interface ChatPeer {
  id: string;
  name: string;
  email: string;
  picture: string | null;
  admin: boolean;
  bio: string | null;
  spotifyUrl: string | null;
  appleMusicUrl: string | null;
  youtubeUrl: string | null;
}

export interface OpenedRoom {
  roomId: string;
  peer: ChatPeer;
  /** When the signed-in user last read it, epoch ms. */
  lastReadAt: number | null;
  /** When the other person last read it: "Seen" under one's own messages up to then. */
  peerLastReadAt: number | null;
  /** Where the unread messages began when it was opened: the divider's place and count. */
  firstUnread?: { seq: number; count: number } | null;
  /** The agent's availability, for an artist's conversation header. */
  peerAvailability?: AgentAvailability | null;
}
