import type { ChatContact } from "../../../../shared/chat";

/** The search parameter that carries "Ask about this song" through the chat screens. */
export const SONG_PARAM = "song";

/** A chat path with the song reference kept on it (so a reload keeps the reference). */
export function withSongReference(path: string, songId: string | null): string {
  if (!songId) return path;
  return `${path}?${new URLSearchParams({ [SONG_PARAM]: songId }).toString()}`;
}

/**
 * The agent the artist talked to last: the contact whose conversation has the
 * newest message. Null when the artist has written to nobody yet.
 */
export function lastAgentId(contacts: readonly ChatContact[]): string | null {
  let best: ChatContact | null = null;
  for (const contact of contacts) {
    const at = contact.lastMessage?.createdAt;
    if (at === undefined) continue;
    if (!best || at > (best.lastMessage?.createdAt ?? -Infinity)) best = contact;
  }
  return best?.userId ?? null;
}

/** Where "Ask about this song" goes: that agent's conversation, or the agent list. */
export function askDestination(contacts: readonly ChatContact[], songId: string): string {
  const agentId = lastAgentId(contacts);
  return withSongReference(agentId ? `/chat/${encodeURIComponent(agentId)}` : "/", songId);
}
