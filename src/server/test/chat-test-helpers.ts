import type { AddressInfo } from "node:net";
import { io, type ManagerOptions, type Socket, type SocketOptions } from "socket.io-client";
import type { FastifyInstance } from "fastify";
import type { Kysely } from "kysely";
import type { Database } from "../db/schema";
import { ORIGIN, signUp } from "./test-app";
import { findUserIdByEmail, setAdmin } from "../features/users/user-accounts";
import { chatEvents, type SendAck, type WatchAck } from "../../shared/chat-events";

export interface TestUser {
  id: string;
  cookie: string;
  email: string;
}

/** Signs up a fresh user; `admin` makes them a support agent the way the CLI does. */
export async function createUser(
  app: FastifyInstance,
  name: string,
  admin = false,
): Promise<TestUser> {
  const { response, cookie, email } = await signUp(app, { name });
  if (response.statusCode !== 200) throw new Error(`sign-up failed: ${response.body}`);
  // Promoted before the session is first used, as an agent the CLI made signs in afterwards.
  const id = (await findUserIdByEmail(app.ctx.database, email))!;
  if (admin) await setAdmin(app.ctx.database, id, true);
  return { id, cookie, email };
}

export async function listen(app: FastifyInstance): Promise<string> {
  await app.listen({ port: 0, host: "127.0.0.1" });
  return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
}

/** A socket as a browser tab opens it: WebSocket, session cookie, the portal's origin. */
/** A browser-like socket; `origin: null` leaves the Origin header out. */
export function connectSocket(
  url: string,
  cookie: string | undefined,
  origin: string | null = ORIGIN,
  /** More client options (the browser's link sets `retries`, say). */
  options: Partial<ManagerOptions & SocketOptions> = {},
): Socket {
  const headers: Record<string, string> = origin === null ? {} : { origin };
  if (cookie) headers.cookie = cookie;
  return io(url, {
    transports: ["websocket"],
    extraHeaders: headers,
    forceNew: true,
    reconnection: false,
    ...options,
  });
}

export function connected(socket: Socket): Promise<void> {
  return new Promise((resolve, reject) => {
    if (socket.connected) return resolve();
    socket.once("connect", () => resolve());
    socket.once("connect_error", reject);
  });
}

export function connectError(socket: Socket): Promise<string> {
  return new Promise((resolve, reject) => {
    socket.once("connect", () => reject(new Error("connected, but should have been refused")));
    socket.once("connect_error", (err) => resolve(err.message));
  });
}

export function send(socket: Socket, payload: unknown): Promise<SendAck> {
  return socket.timeout(5000).emitWithAck(chatEvents.send, payload) as Promise<SendAck>;
}

/** An agent's tab opens a conversation: its socket hears the room from now on. */
export function watchRoom(socket: Socket, roomId: string): Promise<WatchAck> {
  return socket.timeout(5000).emitWithAck("room:watch", { roomId }) as Promise<WatchAck>;
}

/** Resolves with the next event of this name, or rejects after a while. */
export function nextEvent<T>(socket: Socket, event: string, ms = 5000): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no ${event} within ${ms} ms`)), ms);
    socket.once(event, (payload: T) => {
      clearTimeout(timer);
      resolve(payload);
    });
  });
}

/**
 * Fills a room with `count` messages in one statement per 500 (tests and
 * benchmarks only; the app stores messages one by one through the writer).
 * Senders alternate between the two people; seq runs 1..count.
 */
export async function seedMessages(
  db: Kysely<Database>,
  roomId: string,
  senderIds: readonly [string, string],
  count: number,
  startAt = Date.now() - count * 1000,
): Promise<void> {
  for (let from = 1; from <= count; from += 500) {
    const rows = Array.from({ length: Math.min(500, count - from + 1) }, (_, i) => {
      const seq = from + i;
      return {
        id: `${roomId}-seed-${seq}`,
        roomId,
        seq,
        senderId: senderIds[seq % 2]!,
        senderName: "Seeded",
        text: `Message ${seq}`,
        createdAt: startAt + seq * 1000,
        status: "sent",
        fromMsgNum: 0,
        toMsgNum: 1,
      };
    });
    await db.insertInto("message").values(rows).execute();
  }
}
