/**
 * Socket.IO events of the support desk (server → agents only). Notes and desk
 * lines travel as ordinary `message:new` events, but only to agents.
 */
export const deskEvents = {
  /** A conversation's assignee or status changed: desk lists and headers refetch. */
  changed: "desk:changed",
} as const;

/** Payload of deskEvents.changed. */
export interface DeskChangedEvent {
  roomId: string;
  assigneeId: string | null;
  status: "open" | "resolved";
}
