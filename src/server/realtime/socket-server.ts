import type { FastifyInstance } from "fastify";
import { Server, type Socket } from "socket.io";
import { attachRedisAdapter } from "./redis-adapter";
import { readSession } from "../auth/session-guard";
import type { PublicUser } from "../../shared/user";
import { SOCKET_BAD_ORIGIN, SOCKET_UNAUTHORIZED } from "../../shared/chat-events";

export interface Realtime {
  io: Server;
  /** Sends an event to every tab of these users. */
  toUsers(userIds: readonly string[], event: string, payload: unknown): void;
  /** Sends an event to every connected user. */
  toEveryone(event: string, payload: unknown): void;
  /** Closes every socket of this user (account deleted, password changed). */
  disconnectUser(userId: string): void;
}

declare module "fastify" {
  interface FastifyInstance {
    realtime: Realtime;
  }
}

export interface SocketData {
  user: PublicUser;
  sessionId: string;
}
export type AuthedSocket = Socket<
  Record<string, never>,
  Record<string, never>,
  Record<string, never>,
  SocketData
>;

/** Each user's sockets share one private channel; events are addressed to users, never broadcast by room name a client picks. */
export const userChannel = (userId: string) => `user:${userId}`;
/** Sockets opened with one session, so signing out closes exactly those. */
const sessionChannel = (sessionId: string) => `session:${sessionId}`;
const SIGN_OUT_PATH = "/api/auth/sign-out";

/**
 * Socket.IO on the app's own HTTP server: WebSocket only (one connection per
 * tab, no polling), Origin must be PUBLIC_URL, and the session cookie of the
 * handshake must belong to a signed-in user.
 */
export function attachRealtime(app: FastifyInstance): Realtime {
  const { auth, config } = app.ctx;
  const io = new Server(app.server, {
    transports: ["websocket"],
    serveClient: false,
    maxHttpBufferSize: 64 * 1024,
    allowRequest: (req, callback) => {
      const ok = req.headers.origin === config.publicUrl;
      callback(ok ? null : SOCKET_BAD_ORIGIN, ok);
    },
  });
  if (app.ctx.redis) attachRedisAdapter(app, io, app.ctx.redis);
  io.use((socket, next) => {
    readSession(auth, socket.request.headers)
      .then((session) => {
        if (!session) return next(new Error(SOCKET_UNAUTHORIZED));
        const data = socket.data as SocketData;
        data.user = session.user;
        data.sessionId = session.sessionId;
        next();
      })
      .catch((err: unknown) => {
        app.log.error({ err }, "socket session check failed");
        next(new Error(SOCKET_UNAUTHORIZED));
      });
  });
  io.on("connection", (socket) => {
    const data = socket.data as SocketData;
    void socket.join([userChannel(data.user.id), sessionChannel(data.sessionId)]);
  });

  // A socket is authorised once, at the handshake: when its session ends by
  // signing out, its sockets end too.
  const endingSessions = new WeakMap<object, string>();
  app.addHook("onRequest", async (request) => {
    if (request.method !== "POST" || request.url !== SIGN_OUT_PATH) return;
    const session = await readSession(auth, request.headers);
    if (session) endingSessions.set(request, session.sessionId);
  });
  app.addHook("onResponse", async (request, reply) => {
    const sessionId = endingSessions.get(request);
    if (sessionId && reply.statusCode < 400)
      io.in(sessionChannel(sessionId)).disconnectSockets(true);
  });
  // Before Fastify closes the HTTP server: upgraded sockets are not its connections.
  app.addHook("preClose", (done) => {
    io.local.disconnectSockets(true);
    io.engine.close();
    done();
  });
  const realtime: Realtime = {
    io,
    toUsers(userIds, event, payload) {
      io.to(userIds.map(userChannel)).emit(event, payload);
    },
    toEveryone(event, payload) {
      io.emit(event, payload);
    },
    disconnectUser(userId) {
      io.in(userChannel(userId)).disconnectSockets(true);
    },
  };
  app.decorate("realtime", realtime);
  return realtime;
}
