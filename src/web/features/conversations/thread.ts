import type { ChatMessage } from "../../../shared/chat";

/** A message in the open conversation: stored ones, plus this tab's pending ones. */
export interface ThreadMessage extends ChatMessage {
  /** Upload progress in percent while a file message is sending. */
  progress?: number;
  /** Why a pending message could not be sent; it stays, with Retry and Remove. */
  failure?: string;
  /** The failure cannot be retried (the server refused the file): only Remove is offered. */
  permanent?: boolean;
  /** A pending file message's bytes, for a local preview. */
  localFile?: File;
}

/** An open conversation's stored messages, and whether older ones remain on the server. */
export interface Thread {
  messages: ThreadMessage[];
  hasOlder: boolean;
}

/** Pending messages have no seq yet; they sort after every stored one. */
export const PENDING_SEQ = Number.MAX_SAFE_INTEGER;

/**
 * Merges messages by id: a stored copy replaces a pending one, nothing shows
 * twice, and the order is the server's seq (pending ones last, oldest first).
 */
export function mergeMessages(
  held: readonly ThreadMessage[],
  incoming: readonly ThreadMessage[],
): ThreadMessage[] {
  const byId = new Map(held.map((m) => [m.id, m]));
  for (const message of incoming) {
    const current = byId.get(message.id);
    if (current?.status === "sent" && message.status === "sending") continue;
    byId.set(message.id, message);
  }
  return [...byId.values()].sort((a, b) => a.seq - b.seq || a.createdAt - b.createdAt);
}

export function lastStoredSeq(messages: readonly ThreadMessage[]): number | undefined {
  let last: number | undefined;
  for (const m of messages) if (m.status === "sent" && m.seq !== PENDING_SEQ) last = m.seq;
  return last;
}

export function withoutMessage(held: readonly ThreadMessage[], id: string): ThreadMessage[] {
  return held.filter((m) => m.id !== id);
}
