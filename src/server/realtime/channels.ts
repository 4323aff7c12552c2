/**
 * Socket.IO channel names. Events are addressed to users, to agents, or to
 * a room's watchers; never to a channel name a client picks.
 */

/** Each user's sockets share one private channel. */
export const userChannel = (userId: string) => `user:${userId}`;
/** Sockets opened with one session, so signing out closes exactly those. */
export const sessionChannel = (sessionId: string) => `session:${sessionId}`;
/** Every support agent's sockets (desk signals). Artists never join it. */
export const AGENTS_CHANNEL = "agents";
/** Agents' sockets with this conversation open (room-watch.ts lets agents in, nobody else). */
export const roomChannel = (roomId: string) => `room:${roomId}`;
