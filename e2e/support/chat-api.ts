import { randomUUID } from "node:crypto";
import { io, type Socket } from "socket.io-client";
import type { ChatContact, ChatMessage, OpenedRoom } from "../../src/shared/chat";
import { chatEvents } from "../../src/shared/chat-events";
import type { ClientToServerEvents, ServerToClientEvents } from "../../src/shared/socket-events";

type PortalSocket = Socket<ServerToClientEvents, ClientToServerEvents>;
import { DEMO_PASSWORD } from "./accounts";

/**
 * The chat driven through the API from the test process, to seed long
 * conversations fast and to play the other person without a second page.
 */
export class ChatApi {
  private socket: PortalSocket | null = null;

  private constructor(
    readonly baseURL: string,
    readonly cookie: string,
  ) {}

  static async signIn(baseURL: string, email: string, password = DEMO_PASSWORD) {
    const response = await fetch(`${baseURL}/api/auth/sign-in/email`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: baseURL },
      body: JSON.stringify({ email, password }),
    });
    if (!response.ok) throw new Error(`sign-in failed: ${response.status}`);
    const cookie = response.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ");
    return new ChatApi(baseURL, cookie);
  }

  static async register(baseURL: string, name: string, email: string, password: string) {
    const response = await fetch(`${baseURL}/api/auth/sign-up/email`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: baseURL },
      body: JSON.stringify({ name, email, password, consent: true }),
    });
    if (!response.ok)
      throw new Error(`sign-up failed: ${response.status} ${await response.text()}`);
    return ChatApi.signIn(baseURL, email, password);
  }

  async get<T>(path: string): Promise<T> {
    const response = await fetch(`${this.baseURL}${path}`, { headers: { cookie: this.cookie } });
    if (!response.ok) throw new Error(`${path}: ${response.status}`);
    return (await response.json()) as T;
  }

  async contactId(name: string): Promise<string> {
    const contacts = await this.get<ChatContact[]>("/api/chat/contacts?q=");
    const contact = contacts.find((c) => c.name === name || c.name.startsWith(`${name} `));
    if (!contact) throw new Error(`no contact ${name}`);
    return contact.userId;
  }

  /** A write as the signed-in user's browser sends it (cookie and origin). */
  private async write(method: "PUT" | "POST", path: string): Promise<Response> {
    const response = await fetch(`${this.baseURL}${path}`, {
      method,
      headers: { cookie: this.cookie, origin: this.baseURL },
    });
    if (!response.ok) throw new Error(`${method} ${path}: ${response.status}`);
    return response;
  }

  async openRoom(peerId: string): Promise<string> {
    const response = await this.write("PUT", `/api/chat/rooms/with/${peerId}`);
    return ((await response.json()) as OpenedRoom).roomId;
  }

  /** Reads the room up to now, as opening it on screen would. */
  async markRead(roomId: string): Promise<void> {
    await this.write("POST", `/api/chat/rooms/${roomId}/read`);
  }

  /** An agent resolves or reopens a conversation from the desk. */
  async deskAction(roomId: string, kind: "resolve" | "reopen"): Promise<void> {
    await this.write("POST", `/api/desk/rooms/${roomId}/${kind}`);
  }

  async messages(roomId: string, query = ""): Promise<ChatMessage[]> {
    return this.get<ChatMessage[]>(`/api/chat/rooms/${roomId}/messages${query}`);
  }

  private async connected(): Promise<PortalSocket> {
    if (this.socket?.connected) return this.socket;
    const socket: PortalSocket = io(this.baseURL, {
      transports: ["websocket"],
      extraHeaders: { cookie: this.cookie, origin: this.baseURL },
      forceNew: true,
    });
    this.socket = socket;
    await new Promise<void>((resolve, reject) => {
      socket.once("connect", resolve);
      socket.once("connect_error", reject);
    });
    return socket;
  }

  /** The raw socket, for presence events. */
  async rawSocket(): Promise<PortalSocket> {
    return this.connected();
  }

  async send(roomId: string, text: string): Promise<ChatMessage> {
    const socket = await this.connected();
    const ack = await socket.emitWithAck(chatEvents.send, { id: randomUUID(), roomId, text });
    if (!ack.ok) throw new Error(ack.error);
    return ack.message;
  }

  /** Sends `count` numbered messages, 50 in flight at a time. */
  async sendMany(roomId: string, count: number, label = "Message"): Promise<void> {
    for (let from = 1; from <= count; from += 50) {
      const batch = Array.from({ length: Math.min(50, count - from + 1) }, (_, i) => from + i);
      await Promise.all(batch.map((n) => this.send(roomId, `${label} ${n}`)));
    }
  }

  close(): void {
    this.socket?.disconnect();
  }
}
