import type { FastifyInstance } from "fastify";
import { SOCKET_TOO_MANY, SOCKET_UNAUTHORIZED } from "../../shared/chat-events";
import type { PortalServer } from "./socket-types";

/**
 * The handshake: the session cookie must belong to a signed-in user, and a
 * user may hold at most `maxSockets` open sockets on this instance. Counted
 * here, not in Redis: a concurrent count lives with the sockets it counts,
 * so an instance that dies cannot leave a user locked out. Taken
 * synchronously with the check, so simultaneous handshakes cannot all slip
 * under the limit.
 */
export function authorizeSockets(app: FastifyInstance, io: PortalServer, maxSockets: number) {
  const { sessions } = app.ctx;
  const openSockets = new Map<string, number>();
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
}
