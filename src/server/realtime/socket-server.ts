import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { Server } from "socket.io";
import { relayDomainEvents } from "./cross-instance-events";
import { SOCKET_BAD_ORIGIN } from "../../shared/chat-events";
import type { AuthedSocket, PortalServer } from "./socket-types";
import { registerFanOut } from "./fan-out";
import type { RealtimeLookups } from "./pending-delivery";
import { AGENTS_CHANNEL, sessionChannel, userChannel } from "./channels";
import { createDelivery, type HandlerTable } from "./delivery";
import { authorizeSockets } from "./socket-auth";
import { handleRoomWatch } from "./room-watch";
import { createDeskActivity } from "./desk-activity";
import { durableFanOut } from "./durable-fan-out";
import { TypingThrottle } from "./typing-throttle";

export interface RealtimeOptions {
  /** Open sockets one user may hold on this instance (SOCKETS_PER_USER); unlimited when absent. */
  socketsPerUser?: number;
  /** What realtime asks of the conversations (given by the app's wiring). */
  lookups: RealtimeLookups;
}

/**
 * Socket.IO on the app's own HTTP server: WebSocket only (one connection per
 * tab, no polling), Origin must be PUBLIC_URL, and the session cookie of the
 * handshake must belong to a signed-in user. Decorates `app.realtime`, and
 * owns every server → client event (fan-out.ts) and the resync signal after a
 * Redis outage (redis-adapter.ts).
 */
async function realtimePlugin(app: FastifyInstance, options: RealtimeOptions): Promise<void> {
  const { config, events, redis } = app.ctx;
  const io: PortalServer = new Server(app.server, {
    transports: ["websocket"],
    serveClient: false,
    maxHttpBufferSize: 64 * 1024,
    allowRequest: (req, callback) => {
      const ok = req.headers.origin === config.publicUrl;
      callback(ok ? null : SOCKET_BAD_ORIGIN, ok);
    },
  });
  // The Redis adapter (and its packages) loads only with Redis configured.
  const adapter = redis
    ? (await import("./redis-adapter")).attachRedisAdapter(app, io, redis)
    : undefined;
  if (redis) relayDomainEvents(io, events);
  authorizeSockets(app, io, options.socketsPerUser ?? Infinity);
  // Client → server events, answered by the features through realtime.handle.
  // One entry per event of the contract: a new client event fails to compile
  // here until it is wired below.
  const handlers: HandlerTable = { "message:send": [], "room:typing": [] };
  io.on("connection", (socket) => onConnection(socket, handlers));
  const deskActivity = createDeskActivity((event) =>
    io.to(AGENTS_CHANNEL).emit("desk:activity", event),
  );

  // With Redis, stored messages are delivered durably (decision 094).
  const durable = adapter ? durableFanOut(app, adapter, options.lookups) : undefined;
  const realtime = createDelivery(
    io,
    handlers,
    deskActivity,
    () => (adapter ? adapter.fannedOut() : Promise.resolve()),
    durable?.delivered,
    durable?.instanceId,
  );
  durable?.startSweep(realtime);

  registerFanOut({
    events,
    realtime,
    peersOf: options.lookups.peersOf,
  });

  // Before Fastify closes the HTTP server: upgraded sockets are not its connections.
  app.addHook("preClose", (done) => {
    deskActivity.stop();
    durable?.stop();
    io.local.disconnectSockets(true);
    io.engine.close();
    done();
  });
  app.decorate("realtime", realtime);
}

/** A signed-in socket joins its private channels and is heard by the features. */
function onConnection(socket: AuthedSocket, handlers: HandlerTable): void {
  const { user, sessionId } = socket.data;
  const channels = [userChannel(user.id), sessionChannel(sessionId)];
  if (user.admin) channels.push(AGENTS_CHANNEL);
  void socket.join(channels);
  socket.on("message:send", (payload, ack) => {
    for (const handler of handlers["message:send"]) handler(user, payload, ack);
  });
  const typing = new TypingThrottle();
  socket.on("room:typing", (event) => {
    if (!typing.allows(event)) return;
    for (const handler of handlers["room:typing"]) handler(user, event);
  });
  handleRoomWatch(socket);
}

export default fp(realtimePlugin, { name: "realtime", decorators: { fastify: ["ctx"] } });
