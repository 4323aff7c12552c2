import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { Server } from "socket.io";
import { attachRedisAdapter } from "./redis-adapter";
import { relayDomainEvents } from "./cross-instance-events";
import type { Realtime } from "../context";
import { SOCKET_BAD_ORIGIN, SOCKET_TOO_MANY, SOCKET_UNAUTHORIZED } from "../../shared/chat-events";
import type { PortalServer } from "./socket-types";

/** Each user's sockets share one private channel; events are addressed to users, never broadcast by room name a client picks. */
export const userChannel = (userId: string) => `user:${userId}`;
/** Sockets opened with one session, so signing out closes exactly those. */
const sessionChannel = (sessionId: string) => `session:${sessionId}`;
/** Every support agent's sockets: the desk works as a team. Artists never join it. */
export const AGENTS_CHANNEL = "agents";

export interface RealtimeOptions {
  /** Open sockets one user may hold on this instance (SOCKETS_PER_USER); unlimited when absent. */
  socketsPerUser?: number;
}

/**
 * Socket.IO on the app's own HTTP server: WebSocket only (one connection per
 * tab, no polling), Origin must be PUBLIC_URL, and the session cookie of the
 * handshake must belong to a signed-in user. Decorates `app.realtime`.
 */
function realtimePlugin(
  app: FastifyInstance,
  options: RealtimeOptions,
  done: (err?: Error) => void,
): void {
  const { config, sessions, events, redis } = app.ctx;
  const maxSockets = options.socketsPerUser ?? Infinity;
  // Open sockets per user on this instance. Counted here, not in Redis: a
  // concurrent count lives with the sockets it counts, so an instance that
  // dies cannot leave a user locked out. Taken synchronously with the check,
  // so simultaneous handshakes cannot all slip under the limit.
  const openSockets = new Map<string, number>();
  const io: PortalServer = new Server(app.server, {
    transports: ["websocket"],
    serveClient: false,
    maxHttpBufferSize: 64 * 1024,
    allowRequest: (req, callback) => {
      const ok = req.headers.origin === config.publicUrl;
      callback(ok ? null : SOCKET_BAD_ORIGIN, ok);
    },
  });
  if (redis) {
    attachRedisAdapter(app, io, redis);
    relayDomainEvents(io, events);
  }
  io.use((socket, next) => {
    sessions
      .read(socket.request.headers)
      .then((session) => {
        if (!session) return next(new Error(SOCKET_UNAUTHORIZED));
        const userId = session.user.id;
        const open = openSockets.get(userId) ?? 0;
        if (open >= maxSockets) return next(new Error(SOCKET_TOO_MANY));
        // The link closed while the session was read: nothing to count.
        if (socket.conn.readyState !== "open") return next(new Error(SOCKET_UNAUTHORIZED));
        openSockets.set(userId, open + 1);
        let released = false;
        const release = () => {
          if (released) return;
          released = true;
          const left = (openSockets.get(userId) ?? 1) - 1;
          if (left > 0) openSockets.set(userId, left);
          else openSockets.delete(userId);
        };
        // A socket whose link drops before it connects never gets "disconnect".
        socket.once("disconnect", release);
        socket.conn.once("close", release);
        socket.data.user = session.user;
        socket.data.sessionId = session.sessionId;
        next();
      })
      .catch((err: unknown) => {
        app.log.error({ err }, "socket session check failed");
        next(new Error(SOCKET_UNAUTHORIZED));
      });
  });
  io.on("connection", (socket) => {
    const { user, sessionId } = socket.data;
    const channels = [userChannel(user.id), sessionChannel(sessionId)];
    void socket.join(user.admin ? [...channels, AGENTS_CHANNEL] : channels);
  });

  const realtime: Realtime = {
    io,
    toUsers(userIds, event, ...payload) {
      io.to(userIds.map(userChannel)).emit(event, ...payload);
    },
    toAgents(except, event, ...payload) {
      io.to(AGENTS_CHANNEL)
        .except(except.map(userChannel))
        .emit(event, ...payload);
    },
    toEveryone(event, ...payload) {
      io.emit(event, ...payload);
    },
    disconnectUser(userId) {
      io.in(userChannel(userId)).disconnectSockets(true);
    },
    disconnectSession(sessionId) {
      io.in(sessionChannel(sessionId)).disconnectSockets(true);
    },
  };

  // A socket is authorised once, at the handshake: when its session or its
  // password ends, or its account goes, its sockets end too (on every instance:
  // the adapter carries the disconnect).
  events.on("session.ended", ({ sessionId }) => realtime.disconnectSession(sessionId));
  events.on("user.passwordChanged", ({ userId }) => realtime.disconnectUser(userId));
  events.on("user.deleted", ({ userId }) => realtime.disconnectUser(userId));

  // Before Fastify closes the HTTP server: upgraded sockets are not its connections.
  app.addHook("preClose", (done) => {
    io.local.disconnectSockets(true);
    io.engine.close();
    done();
  });
  app.decorate("realtime", realtime);
  done();
}

export default fp(realtimePlugin, { name: "realtime", decorators: { fastify: ["ctx"] } });
