import type { SendMessageInput } from "./chat";
import {
  chatEvents,
  type PeerTypingEvent,
  type RoomReadEvent,
  type SendAck,
  type TypingEvent,
} from "./chat-events";
import type { ChatMessage } from "./chat";
import { SONG_STATUS_CHANGED_EVENT, type SongStatusNotice } from "./song-events";
import { deskEvents, type DeskChangedEvent } from "./desk-events";

/**
 * The Socket.IO contract, typed for both ends: `new Server<ClientToServerEvents,
 * ServerToClientEvents>()` on the server, `io() as Socket<ServerToClientEvents,
 * ClientToServerEvents>` in the browser. Payloads a client sends are still
 * validated by the server with the zod schemas in ./chat.
 */
export interface ServerToClientEvents {
  [chatEvents.message]: (message: ChatMessage) => void;
  [chatEvents.read]: (event: RoomReadEvent) => void;
  [chatEvents.directory]: (payload: Record<string, never>) => void;
  [chatEvents.peerTyping]: (event: PeerTypingEvent) => void;
  /** To the artist: an agent changed one of their songs' status. */
  [SONG_STATUS_CHANGED_EVENT]: (notice: SongStatusNotice) => void;
  /** To agents only: a conversation's assignee or status changed. */
  [deskEvents.changed]: (event: DeskChangedEvent) => void;
}

export interface ClientToServerEvents {
  [chatEvents.send]: (payload: SendMessageInput, ack: (answer: SendAck) => void) => void;
  /** Validated by the server with isTypingEvent. */
  [chatEvents.typing]: (event: TypingEvent) => void;
}

/** Between instances only (server-side emits over the Redis adapter). */
export interface InterServerEvents {
  /** A domain event emitted on another instance (see the server's cross-instance relay). */
  "domain-event": (name: string, payload: unknown) => void;
}
