import type { Server, Socket } from "socket.io";
import type {
  ClientToServerEvents,
  InterServerEvents,
  ServerToClientEvents,
} from "../../shared/socket-events";
import type { PublicUser } from "../../shared/user";

export interface SocketData {
  user: PublicUser;
  sessionId: string;
}
export type PortalServer = Server<
  ClientToServerEvents,
  ServerToClientEvents,
  InterServerEvents,
  SocketData
>;
export type AuthedSocket = Socket<
  ClientToServerEvents,
  ServerToClientEvents,
  InterServerEvents,
  SocketData
>;

export type ClientEventName = keyof ClientToServerEvents;
/**
 * The client events features answer (realtime.handle). Watching a room is the
 * realtime layer's own (room-watch.ts): it changes what a socket hears.
 */
export type FeatureEventName = Exclude<ClientEventName, "room:watch" | "room:unwatch">;
/** A feature's answer to a client event: the socket's user, then the event's own arguments. */
export type ClientEventHandler<E extends ClientEventName> = (
  user: PublicUser,
  ...args: Parameters<ClientToServerEvents[E]>
) => void;
