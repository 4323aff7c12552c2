/**
 * Socket.IO events of the support desk (server → agents only). Notes and desk
 * lines travel as ordinary `message:new` events, but only to agents who have
 * the conversation open (and the agents they name).
 */
export const deskEvents = {
  /** A conversation's assignee or status changed: desk lists and headers refetch. */
  changed: "desk:changed",
  /** Conversations moved (messages, notes, lines): desk lists refetch. */
  activity: "desk:activity",
} as const;

/**
 * How often, at most, the desk hears that conversations moved. The first
 * movement after a quiet spell is told at once; a busy desk hears one signal
 * per interval, however many messages arrived (decision 082).
 */
export const DESK_ACTIVITY_EVERY_MS = 1_000;

/** Payload of deskEvents.activity. */
export interface DeskActivityEvent {
  /** How many conversations moved since the last signal. */
  rooms: number;
}

/** Payload of deskEvents.changed. */
export interface DeskChangedEvent {
  roomId: string;
  assigneeId: string | null;
  status: "open" | "resolved";
}
