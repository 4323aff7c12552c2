import type { Socket } from "socket.io-client";
import type { ChatMessage, SendMessageInput } from "../../shared/chat";
import {
  SOCKET_TOO_MANY,
  chatEvents,
  type PeerTypingEvent,
  type RoomReadEvent,
  type SendAck,
  type TypingEvent,
} from "../../shared/chat-events";

/** What the tab knows of its link to the server, for the conversation's banner. */
export type ConnectionStatus = "connecting" | "connected" | "reconnecting" | "too-many";

/** After a refusal for too many open tabs, when to try again (Socket.IO does not by itself). */
const TOO_MANY_RETRY_MS = 30_000;
import { dispatchSocketEvent } from "./socket-events";

export interface ChatSocketHandlers {
  onMessage: (message: ChatMessage) => void;
  onRead: (event: RoomReadEvent) => void;
  onDirectoryChanged: () => void;
  /**
   * Connected, the first time or again: fetch what may have been missed. On
   * the first connect too, since the page's first fetches may have been
   * answered before this socket joined its channels.
   */
  onConnected: () => void;
  /**
   * The server closed the connection (sign-out, password change, account
   * deletion); `reconnect` opens it again if the tab is still signed in.
   */
  onServerDisconnect: (reconnect: () => void) => void;
  onStatus: (status: ConnectionStatus) => void;
  onPeerTyping: (event: PeerTypingEvent) => void;
}

/**
 * One Socket.IO connection. socket.io-client is loaded on first use, after
 * the first render, so it stays out of the first route's JavaScript. Sends
 * are queued and retried until acknowledged; the server stores a retried id
 * once, so a lost ack never duplicates a message.
 */
export class ChatSocket {
  private constructor(private readonly socket: Socket) {}

  static async connect(handlers: ChatSocketHandlers): Promise<ChatSocket> {
    const { io } = await import("socket.io-client");
    const socket = io({
      transports: ["websocket"],
      withCredentials: true,
      // Keep retrying a send until the server acks it; order is kept.
      retries: Number.MAX_SAFE_INTEGER,
      ackTimeout: 10_000,
    });
    let wasConnected = false;
    socket.on("connect", () => {
      wasConnected = true;
      handlers.onConnected();
      handlers.onStatus("connected");
    });
    socket.on(chatEvents.message, handlers.onMessage);
    socket.on(chatEvents.read, handlers.onRead);
    socket.on(chatEvents.directory, handlers.onDirectoryChanged);
    socket.on(chatEvents.peerTyping, handlers.onPeerTyping);
    // Other features' events (song status notices) reach their subscribers.
    socket.onAny((event: string, payload: unknown) => dispatchSocketEvent(event, payload));
    socket.on("disconnect", (reason) => {
      handlers.onStatus("reconnecting");
      if (reason === "io server disconnect") handlers.onServerDisconnect(() => socket.connect());
    });
    socket.on("connect_error", (error) => {
      if (error.message === SOCKET_TOO_MANY) {
        // The account has too many connections open: say so, and try again later.
        handlers.onStatus("too-many");
        setTimeout(() => {
          if (!socket.active) socket.connect();
        }, TOO_MANY_RETRY_MS);
        return;
      }
      if (wasConnected) handlers.onStatus("reconnecting");
      console.error("Chat connection failed", error.message);
    });
    return new ChatSocket(socket);
  }

  get connected(): boolean {
    return this.socket.connected;
  }

  /** Resolves with the stored message, or rejects with the server's reason. */
  async send(input: SendMessageInput): Promise<ChatMessage> {
    const ack = (await this.socket.emitWithAck(chatEvents.send, input)) as SendAck;
    if (!ack.ok && ack.retry) throw new SendDeferredError(ack.error);
    if (!ack.ok) throw new SendRefusedError(ack.error);
    return ack.message;
  }

  /** A typing signal: volatile, a lost one is simply not shown. */
  typing(roomId: string): void {
    const event: TypingEvent = { roomId };
    this.socket.volatile.emit(chatEvents.typing, event);
  }

  /** Drops the link while the browser is offline; queued sends wait. */
  pause(): void {
    this.socket.disconnect();
  }

  resume(): void {
    if (!this.socket.connected) this.socket.connect();
  }

  close(): void {
    this.socket.disconnect();
  }
}

/** The server answered and refused the message: sending it again will not help. */
export class SendRefusedError extends Error {}

/** The server could not store the message now (its database is down): send it again later. */
export class SendDeferredError extends Error {}
