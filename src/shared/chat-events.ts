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
} as const;

/** Payload of chatEvents.read. (The send payload's schema is sendMessageSchema in ./chat.) */
export interface RoomReadEvent {
  roomId: string;
  userId: string;
  lastReadAt: number;
}

/** The acknowledgement of a send: the stored message, or why it was refused. */
export type SendAck = { ok: true; message: ChatMessage } | { ok: false; error: string };

/** Socket handshake refusal messages, shown in logs and tests. */
export const SOCKET_UNAUTHORIZED = "Please sign in to continue.";
export const SOCKET_BAD_ORIGIN = "This origin may not connect.";
