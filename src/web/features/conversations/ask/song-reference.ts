import type { ChatContact } from "../../../../shared/chat";

/**
 * "Ask about this song" and "Ask about this release": the reference rides in
 * the URL through the chat screens. One small module, on the first route.
 */

/** The search parameter that carries "Ask about this song" through the chat screens. */
export const SONG_PARAM = "song";

/** The search parameter that carries "Ask about this release" through the chat screens. */
export const RELEASE_PARAM = "release";

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

/** A chat path with the release reference kept on it (so a reload keeps it). */
export function withReleaseReference(path: string, releaseId: string | null): string {
  if (!releaseId) return path;
  return `${path}?${new URLSearchParams({ [RELEASE_PARAM]: releaseId }).toString()}`;
}

/** Where "Ask about this release" goes: the last agent's conversation, or the agent list. */
export function askReleaseDestination(contacts: readonly ChatContact[], releaseId: string): string {
  const agentId = lastAgentId(contacts);
  return withReleaseReference(agentId ? `/chat/${encodeURIComponent(agentId)}` : "/", releaseId);
}

/** Where an agent who opens an "Ask about" link goes: the song's or the release's desk page. */
export function agentPlaceOf(subject: "song" | "release", id: string): string {
  const path = subject === "release" ? "/desk/releases/" : "/desk/songs/";
  return `${path}${encodeURIComponent(id)}`;
}
