import type { Socket } from "socket.io-client";
import type { ChatMessage, SendMessageInput } from "../../shared/chat";
import { chatEvents, type RoomReadEvent, type SendAck } from "../../shared/chat-events";

export interface ChatSocketHandlers {
  onMessage: (message: ChatMessage) => void;
  onRead: (event: RoomReadEvent) => void;
  onDirectoryChanged: () => void;
  /** After a dropped connection came back: fetch what was missed. */
  onReconnect: () => void;
  /**
   * The server closed the connection (sign-out, password change, account
   * deletion); `reconnect` opens it again if the tab is still signed in.
   */
  onServerDisconnect: (reconnect: () => void) => void;
}

/**
 * The tab's one Socket.IO connection. socket.io-client is loaded on first use,
 * after the first render, so it stays out of the first route's JavaScript.
 * Sends are queued and retried until acknowledged; the server stores a
 * retried id once, so a lost ack never duplicates a message.
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
      if (wasConnected) handlers.onReconnect();
      wasConnected = true;
    });
    socket.on(chatEvents.message, handlers.onMessage);
    socket.on(chatEvents.read, handlers.onRead);
    socket.on(chatEvents.directory, handlers.onDirectoryChanged);
    socket.on("disconnect", (reason) => {
      if (reason === "io server disconnect") handlers.onServerDisconnect(() => socket.connect());
    });
    socket.on("connect_error", (error) => {
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
    if (!ack.ok) throw new Error(ack.error);
    return ack.message;
  }

  close(): void {
    this.socket.disconnect();
  }
}
