import type { AddressInfo } from "node:net";
import { io, type Socket } from "socket.io-client";
import type { FastifyInstance } from "fastify";
import { ORIGIN, signUp } from "../../test/test-app";
import { setAdmin } from "../users/user-accounts";
import { chatEvents, type SendAck } from "../../../shared/chat-events";

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
  const me = await app.inject({ url: "/api/me", headers: { cookie } });
  const id = me.json<{ id: string }>().id;
  if (admin) await setAdmin(app.ctx.database, id, true);
  return { id, cookie, email };
}

export async function listen(app: FastifyInstance): Promise<string> {
  await app.listen({ port: 0, host: "127.0.0.1" });
  return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
}

/** A socket as a browser tab opens it: WebSocket, session cookie, the portal's origin. */
export function connectSocket(url: string, cookie: string | undefined, origin = ORIGIN): Socket {
  const headers: Record<string, string> = { origin };
  if (cookie) headers.cookie = cookie;
  return io(url, {
    transports: ["websocket"],
    extraHeaders: headers,
    forceNew: true,
    reconnection: false,
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
