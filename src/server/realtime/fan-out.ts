import type { Realtime } from "../context";
import type { DomainEvents } from "../events/domain-events";
import type { PendingDelivery } from "./pending-delivery";

export interface FanOutDeps {
  events: DomainEvents;
  realtime: Realtime;
  /** The people a user shares a room with (an artist's agents, an agent's artists). */
  peersOf: (userId: string) => Promise<readonly string[]>;
}

/**
 * Every live event a client receives is sent from here, and only from here:
 * one domain event in, the sockets that show it addressed (a user's tabs,
 * every agent, everyone). Features emit domain events and never touch sockets.
 * Listeners use `on` (this instance's events): the Redis adapter carries each
 * emit to the other instances' sockets, so an event is delivered once.
 *
 * To add a server → client event: declare it in src/shared/socket-events.ts,
 * listen to the domain event here and address it with toUsers / toAgents /
 * toEveryone; the web consumes it with useSocketEvent.
 */
export function registerFanOut({ events, realtime, peersOf }: FanOutDeps): void {
  // --- Chat and team desk: stored lines, delivered durably (decision 094) ---
  // Each is delivered by deliverStored, here as it is stored and again by the
  // sweep when its instance could not see Redis confirm it; `delivered` then
  // lets its fan-out mark go once Redis has it.
  events.on("chat.messageCreated", ({ message, memberIds }) => {
    deliverStored(realtime, { kind: "message", message, memberIds: [...memberIds] });
  });
  events.on("desk.noteCreated", ({ message, mentionedIds }) => {
    deliverStored(realtime, { kind: "note", message, mentionedIds: [...mentionedIds] });
  });
  events.on("desk.conversationChanged", ({ assigneeId, status, line }) => {
    deliverStored(realtime, { kind: "deskLine", line, assigneeId, status });
  });
  events.on("chat.roomRead", ({ roomId, userId, lastReadAt, memberIds }) => {
    realtime.toUsers(memberIds, "room:read", { roomId, userId, lastReadAt });
  });
  // Typing reaches whom the chat service named (never the typist).
  events.on("chat.typing", ({ roomId, userId, recipientIds }) => {
    const others = recipientIds.filter((id) => id !== userId);
    realtime.toUsers(others, "room:peer-typing", { roomId, userId });
  });
  // Names and pictures in chat lists: an agent is in every artist's list; an
  // artist only in the inboxes of agents they talk to.
  events.on("user.profileChanged", async ({ userId, admin }) => {
    if (admin) return realtime.toEveryone("directory:changed", {});
    realtime.toUsers(await peersOf(userId), "directory:changed", {});
  });

  // --- Availability ---
  // Every artist lists every agent, so away and back go to everyone.
  events.on("agent.availabilityChanged", ({ agentId, availability }) => {
    realtime.toEveryone("agent:availability", { agentId, availability });
  });

  // --- Songs ---
  // The artist's tabs (song page, list, nav dot) and every agent's desk refetch it.
  events.on("song.changed", ({ songId, artistId }) => {
    realtime.toUsersAndAgents([artistId], "song:changed", { songId });
  });
  // The artist hears a status change (toast). The durable record is the
  // song_status_event row written with the change.
  events.on("song.statusChanged", (event) => {
    realtime.toUsers([event.artistId], "song:statusChanged", {
      songId: event.songId,
      title: event.title,
      fromStatus: event.from,
      toStatus: event.to,
      agentName: event.agentName,
      at: event.at,
    });
  });

  registerReleaseFanOut(events, realtime);

  // --- Wallet ---
  // A statement imported or reversed, or a code assigned: each artist whose
  // balance moved refetches an open wallet (no reload).
  events.on("ledger.posted", ({ kind, artistIds }) => {
    realtime.toUsers([...new Set(artistIds)], "wallet:changed", { reason: kind });
  });
  // A withdrawal requested, approved, paid or failed: its artist's wallet refetches.
  events.on("withdrawal.changed", ({ artistId }) => {
    realtime.toUsers([artistId], "wallet:changed", { reason: "withdrawal" });
  });

  // --- Sessions ---
  // A socket is authorised once, at the handshake: when its session or its
  // password ends, or its account goes, its sockets end too (on every
  // instance: the adapter carries the disconnect). The client's resync rule
  // then decides whether it is still signed in.
  events.on("session.ended", ({ sessionId }) => realtime.disconnectSession(sessionId));
  events.on("user.passwordChanged", ({ userId }) => realtime.disconnectUser(userId));
  events.on("user.deleted", ({ userId }) => realtime.disconnectUser(userId));
}

/**
 * A stored message, note or desk line, to the screens that show it.
 * A conversation's messages reach its two members and the agents who have
 * it open; the rest of the desk hears a coalesced "desk:activity" and
 * refetches its lists (decision 082: no per-agent write per message).
 * Notes and desk lines (agents only: never an artist) travel only through
 * the room's channel, which artists never join: a note reaches the agents it
 * names too; a line the conversation's assignee, and every agent's desk
 * hears "desk:changed".
 */
export function deliverStored(realtime: Realtime, delivery: PendingDelivery): void {
  switch (delivery.kind) {
    case "message":
    case "note": {
      const { message } = delivery;
      const userIds = delivery.kind === "message" ? delivery.memberIds : delivery.mentionedIds;
      realtime.toRoom(message.roomId, userIds, "message:new", message);
      realtime.deskActivity(message.roomId);
      realtime.delivered(message.id);
      return;
    }
    case "deskLine": {
      const { line, assigneeId, status } = delivery;
      realtime.toRoom(line.roomId, assigneeId ? [assigneeId] : [], "message:new", line);
      realtime.toAgents("desk:changed", { roomId: line.roomId, assigneeId, status });
      realtime.delivered(line.id);
      return;
    }
  }
}

/** Releases (issues 39, 40): the artist's screens, and every agent's queue and review page. */
function registerReleaseFanOut(events: DomainEvents, realtime: Realtime): void {
  // A submitted release moves the desk (coalesced "desk:activity"); the artist's tabs refetch.
  // Every agent's queue and review page refetch on "desk:release-queue" (decision 099).
  events.on("release.submitted", ({ releaseId }) => {
    realtime.deskActivity(`release:${releaseId}`);
    realtime.toAgents("desk:release-queue", { releaseId, state: "submitted" });
  });
  events.on("release.changed", ({ releaseId, artistId, state, queue }) => {
    realtime.toUsers([artistId], "release:changed", { releaseId });
    if (queue) realtime.toAgents("desk:release-queue", { releaseId, state });
  });
  // Each review step: the artist's screens and every agent's queue and review page.
  for (const name of [
    "release.reviewStarted",
    "release.changesRequested",
    "release.approved",
    "release.rejected",
    "release.storesUpdated",
    "release.live",
  ] as const) {
    events.on(name, ({ releaseId, artistId, state }) => {
      realtime.toUsers([artistId], "release:changed", { releaseId });
      realtime.toAgents("desk:release-queue", { releaseId, state });
    });
  }
}
