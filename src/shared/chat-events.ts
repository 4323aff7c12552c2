import { hasNulCharacter } from "./nul-character";
import type { ChatMessage } from "./chat";

/**
 * Socket.IO event names and payload types, one place for both sides. No zod
 * here: this module is on the first route of the web app.
 */
export const chatEvents = {
  /** client → server, with acknowledgement: store a message. */
  send: "message:send",
  /** server → client: a message was stored in one of the user's rooms. */
  message: "message:new",
  /** server → client: someone read a room the user belongs to. */
  read: "room:read",
  /** server → client: agents were added or renamed; contact lists refetch. */
  directory: "directory:changed",
  /** client → server: the user is typing in a room (sent at most every TYPING_EVERY_MS). */
  typing: "room:typing",
  /** server → client: the other member of a room is typing. */
  peerTyping: "room:peer-typing",
} as const;

/** How often a typing client repeats its signal, and how long the indicator lasts without one. */
export const TYPING_EVERY_MS = 2_000;
export const TYPING_SHOWN_MS = 5_000;

/** Payload of chatEvents.typing (client → server). */
export interface TypingEvent {
  roomId: string;
}

/** Payload of chatEvents.peerTyping (server → client). */
export interface PeerTypingEvent {
  roomId: string;
  userId: string;
}

/** Payload of "room:watch" and "room:unwatch" (client → server). */
export interface RoomWatchEvent {
  roomId: string;
}

/** The answer to "room:watch": the socket now hears the room, or why not. */
export type WatchAck = { ok: true } | { ok: false; error: string };

/**
 * Conversations one socket may follow at once. A tab shows one conversation;
 * the bound stops a script from subscribing to every room of the desk.
 */
export const MAX_WATCHED_ROOMS = 20;
export const WATCH_AGENTS_ONLY =
  "Only support agents can follow a conversation they are not part of.";
export const WATCH_TOO_MANY =
  "Too many conversations are open in this tab. Close one and try again.";

/** Whether a client's typing payload has the one field it may have (no zod on this route). */
export function isTypingEvent(payload: unknown): payload is TypingEvent {
  return isRoomRef(payload);
}

/** Whether a payload names a room id of a plausible shape (typing, watching). */
export function isRoomRef(payload: unknown): payload is { roomId: string } {
  const roomId = (payload as { roomId?: unknown } | null)?.roomId;
  return (
    typeof roomId === "string" &&
    roomId.length >= 3 &&
    roomId.length <= 200 &&
    !hasNulCharacter(roomId)
  );
}

/** Payload of chatEvents.read. (The send payload's schema is sendMessageSchema in ./chat.) */
export interface RoomReadEvent {
  roomId: string;
  userId: string;
  lastReadAt: number;
}

/** The acknowledgement of a send: the stored message, or why it was refused. */
export type SendAck =
  | { ok: true; message: ChatMessage }
  /** `retry`: not stored because the server could not reach its database; the tab sends it again. */
  | { ok: false; error: string; retry?: true };

/** The answer to a send while the database is unreachable: nothing lost, it is sent again. */
export const SEND_WILL_RETRY =
  "The message could not be saved right now. It will be retried automatically in a few seconds.";
/** How long a tab waits before sending such a message again. */
export const SEND_RETRY_AFTER_MS = 5_000;

/** Socket handshake refusal messages, shown in logs and tests. */
export const SOCKET_UNAUTHORIZED = "Please sign in to continue.";
export const SOCKET_BAD_ORIGIN = "This origin may not connect.";
/** A user beyond SOCKETS_PER_USER open connections (many tabs, or a script). */
export const SOCKET_TOO_MANY =
  "Too many open connections for this account. Close some tabs and try again.";

/** A send beyond the per-user burst or sustained rate: refused, not stored. */
export const SEND_TOO_FAST = "You're sending messages too fast. Please wait a moment.";
