import type { ChatMessage } from "../../shared/chat";
import type { ConversationStatus } from "../../shared/desk";

/**
 * What the fan-out needs to deliver a stored message again, as it did the
 * first time (decision 094). Realtime's own contract: the conversations
 * feature loads these for it (injected by the app's wiring).
 */
export type PendingDelivery =
  | { kind: "message"; message: ChatMessage; memberIds: string[] }
  | { kind: "note"; message: ChatMessage; mentionedIds: string[] }
  | {
      kind: "deskLine";
      line: ChatMessage;
      assigneeId: string | null;
      status: ConversationStatus;
    };

/** What realtime asks of the features it serves, given by the app's wiring. */
export interface RealtimeLookups {
  /** The people a user shares a room with (an artist's agents, an agent's artists). */
  peersOf: (userId: string) => Promise<readonly string[]>;
  /** The marked messages, with their addresses as the database has them now. */
  loadPending: (messageIds: readonly string[]) => Promise<PendingDelivery[]>;
}
