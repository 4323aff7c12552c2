import type { Realtime } from "../context";
import { AGENTS_CHANNEL, roomChannel, sessionChannel, userChannel } from "./channels";
import type { DeskActivity } from "./desk-activity";
import type { ClientEventHandler, FeatureEventName, PortalServer } from "./socket-types";

/** Features' answers to client events, by event (socket-server.ts calls them). */
export type HandlerTable = { [E in FeatureEventName]: ClientEventHandler<E>[] };

/**
 * `app.realtime`: how the fan-out addresses sockets (users, agents, a room's
 * watchers, everyone), how features hear client events, and how sessions'
 * sockets are closed. Every address is a server-chosen channel (channels.ts).
 */
export function createDelivery(
  io: PortalServer,
  handlers: HandlerTable,
  deskActivity: DeskActivity,
  fannedOut: () => Promise<void>,
  delivered: (messageId: string) => void = () => undefined,
  instanceId?: string,
): Realtime {
  return {
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
    toRoom(roomId, userIds, event, ...payload) {
      // One emit, one encoding: a socket in several of these channels hears it once.
      io.to([...userIds.map(userChannel), roomChannel(roomId)]).emit(event, ...payload);
    },
    deskActivity: (roomId) => deskActivity.mark(roomId),
    toEveryone(event, ...payload) {
      io.emit(event, ...payload);
    },
    handle(event, handler) {
      handlers[event].push(handler);
    },
    fannedOut,
    delivered,
    instanceId,
    disconnectUser(userId) {
      io.in(userChannel(userId)).disconnectSockets(true);
    },
    disconnectSession(sessionId) {
      io.in(sessionChannel(sessionId)).disconnectSockets(true);
    },
  };
}
