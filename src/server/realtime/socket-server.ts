import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { Server } from "socket.io";
import { attachRedisAdapter } from "./redis-adapter";
import { relayDomainEvents } from "./cross-instance-events";
import type { Realtime } from "../context";
import { SOCKET_BAD_ORIGIN, SOCKET_TOO_MANY, SOCKET_UNAUTHORIZED } from "../../shared/chat-events";
import type { ClientEventHandler, ClientEventName, PortalServer } from "./socket-types";
import { registerFanOut } from "./fan-out";
import { peersOf } from "../features/chat/repository";

/** Each user's sockets share one private channel; events are addressed to users, never broadcast by room name a client picks. */
export const userChannel = (userId: string) => `user:${userId}`;
/** Sockets opened with one session, so signing out closes exactly those. */
const sessionChannel = (sessionId: string) => `session:${sessionId}`;
/** Every support agent's sockets (the song desk, the team inbox). Artists never join it. */
const AGENTS_CHANNEL = "agents";

export interface RealtimeOptions {
  /** Open sockets one user may hold on this instance (SOCKETS_PER_USER); unlimited when absent. */
  socketsPerUser?: number;
}

/**
 * Socket.IO on the app's own HTTP server: WebSocket only (one connection per
 * tab, no polling), Origin must be PUBLIC_URL, and the session cookie of the
 * handshake must belong to a signed-in user. Decorates `app.realtime`, and
 * owns every server → client event (fan-out.ts) and the resync signal after a
 * Redis outage (redis-adapter.ts).
 */
function realtimePlugin(
  app: FastifyInstance,
  options: RealtimeOptions,
  done: (err?: Error) => void,
): void {
  const { config, sessions, events, redis, database } = app.ctx;
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
  const adapter = redis ? attachRedisAdapter(app, io, redis) : undefined;
  if (redis) relayDomainEvents(io, events);
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
  // Client → server events, answered by the features through realtime.handle.
  // One entry per event of the contract: a new client event fails to compile
  // here until it is wired below.
  const handlers: { [E in ClientEventName]: ClientEventHandler<E>[] } = {
    "message:send": [],
    "room:typing": [],
  };
  io.on("connection", (socket) => {
    const { user, sessionId } = socket.data;
    const channels = [userChannel(user.id), sessionChannel(sessionId)];
    if (user.admin) channels.push(AGENTS_CHANNEL);
    void socket.join(channels);
    socket.on("message:send", (payload, ack) => {
      for (const handler of handlers["message:send"]) handler(user, payload, ack);
    });
    socket.on("room:typing", (event) => {
      for (const handler of handlers["room:typing"]) handler(user, event);
    });
  });

  const realtime: Realtime = {
    io,
    toUsers(userIds, event, ...payload) {
      if (userIds.length === 0) return;
      io.to(userIds.map(userChannel)).emit(event, ...payload);
    },
    toAgents(event, ...payload) {
      io.to(AGENTS_CHANNEL).emit(event, ...payload);
    },
    toUsersAndAgents(userIds, event, ...payload) {
      io.to([...userIds.map(userChannel), AGENTS_CHANNEL]).emit(event, ...payload);
    },
    toEveryone(event, ...payload) {
      io.emit(event, ...payload);
    },
    handle(event, handler) {
      handlers[event].push(handler);
    },
    fannedOut: () => adapter?.fannedOut() ?? Promise.resolve(),
    disconnectUser(userId) {
      io.in(userChannel(userId)).disconnectSockets(true);
    },
    disconnectSession(sessionId) {
      io.in(sessionChannel(sessionId)).disconnectSockets(true);
    },
  };

  registerFanOut({
    events,
    realtime,
    peersOf: (userId) => peersOf(database.db, userId),
  });

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
