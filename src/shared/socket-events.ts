import type { SendMessageInput } from "./chat";
import type {
  PeerTypingEvent,
  RoomReadEvent,
  RoomWatchEvent,
  SendAck,
  TypingEvent,
  WatchAck,
} from "./chat-events";
import type { ChatMessage } from "./chat";
import type { SongChangedEvent, SongStatusNotice } from "./song-events";
import type { DeskReleaseQueueEvent, ReleaseChangedEvent } from "./release-events";
import type { DeskActivityEvent, DeskChangedEvent } from "./desk-events";
import type { AvailabilityChangedEvent } from "./availability";

/**
 * The one Socket.IO contract, typed on both ends: the server's `PortalServer`
 * (src/server/realtime/socket-types.ts) and the web's `RealtimeClient`
 * (src/web/realtime). To add a server → client event: add one line here,
 * emit it from a domain-event listener in src/server/realtime/fan-out.ts,
 * and consume it with `useSocketEvent(name, handler)`; see docs/architecture.md.
 * Every event carries exactly one payload (an object) so the web layer can
 * type its handlers without casts. Client payloads are still validated by
 * the server (zod in ./chat, isTypingEvent).
 */
export interface ServerToClientEvents {
  /**
   * A message was stored in one of the user's rooms, or in a room an agent
   * watches (open on screen); notes and desk lines reach agents only.
   */
  "message:new": (message: ChatMessage) => void;
  /** Someone read a room the user belongs to. */
  "room:read": (event: RoomReadEvent) => void;
  /** Agents were added or renamed; contact lists refetch. */
  "directory:changed": (event: Record<string, never>) => void;
  /** The other member of a room is typing. */
  "room:peer-typing": (event: PeerTypingEvent) => void;
  /** To the artist: an agent changed one of their songs' status (toast, nav dot). */
  "song:statusChanged": (notice: SongStatusNotice) => void;
  /** To the song's artist and every agent: a song changed (pages, lists, desk refetch). */
  "song:changed": (event: SongChangedEvent) => void;
  /** To the release's artist: one of their releases changed (open screens refetch). */
  "release:changed": (event: ReleaseChangedEvent) => void;
  /**
   * The server may have missed delivering events to this socket (its instance
   * lost Redis and has it back): bring every live view up to date.
   */
  "sync:required": (event: ResyncEvent) => void;
  /** To agents only: a conversation's assignee or status changed (desk lists, header). */
  "desk:changed": (event: DeskChangedEvent) => void;
  /** To agents only: a release was submitted or took a review step (queue, review page refetch). */
  "desk:release-queue": (event: DeskReleaseQueueEvent) => void;
  /** To agents only, at most once a second: conversations moved (desk lists refetch). */
  "desk:activity": (event: DeskActivityEvent) => void;
  /** To everyone: an agent went away or came back (artists' lists and headers). */
  "agent:availability": (event: AvailabilityChangedEvent) => void;
  /** To an artist: their balance or transactions changed (a statement credited or reversed). */
  "wallet:changed": (event: WalletChangedEvent) => void;
}

/** Why a wallet changed; open wallet screens refetch. */
export interface WalletChangedEvent {
  reason: "statement" | "reversal" | "assignment" | "withdrawal" | "split-accept" | "split-return";
}

export interface ClientToServerEvents {
  /** Store a message; answered with the stored copy or a refusal. */
  "message:send": (payload: SendMessageInput, ack: (answer: SendAck) => void) => void;
  /** The user is typing in a room (validated by the server with isTypingEvent). */
  "room:typing": (event: TypingEvent) => void;
  /** An agent opened a conversation: hear its messages, notes and lines live. */
  "room:watch": (event: RoomWatchEvent, ack: (answer: WatchAck) => void) => void;
  /**
   * The agent left it. Answered like every event that is not volatile: the
   * portal's client (`retries`) sends its emits one at a time, each waiting
   * for its answer, so an unanswered one held up every send after it.
   */
  "room:unwatch": (event: RoomWatchEvent, ack: (answer: WatchAck) => void) => void;
}

export type ServerEventName = keyof ServerToClientEvents;
/** The single payload of a server → client event. */
export type ServerEventPayload<E extends ServerEventName> = Parameters<ServerToClientEvents[E]>[0];

/** Payload of "sync:required". */
export interface ResyncEvent {
  reason: "adapter-restored";
}

/** Between instances only (server-side emits over the Redis adapter). */
export interface InterServerEvents {
  /** A domain event emitted on another instance (see the server's cross-instance relay). */
  "domain-event": (name: string, payload: unknown) => void;
}
