import type { ChatContact } from "../../../../shared/chat";
import { lastAgentId } from "./song-reference";

/** The search parameter that carries "Ask about this release" through the chat screens. */
export const RELEASE_PARAM = "release";

/** What the composer shows of the release a message asks about, and what it quotes. */
export interface ReleaseReference {
  id: string;
  title: string;
  /** The state in the words people read ("Changes requested"). */
  stateLabel: string;
  releaseType: string | null;
  artworkUrl: string | null;
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

/**
 * The quote of the release that opens the message: its title, type and
 * state, and its address (the artist's form; an agent sees it read-only).
 * Plain text in the message itself, so both sides and every client show it
 * without a new kind of message reference.
 */
export function releaseQuote(release: ReleaseReference, origin: string): string {
  const facts = [release.releaseType, release.stateLabel].filter(Boolean).join(" · ");
  const address = `${origin}/releases/${encodeURIComponent(release.id)}`;
  return `About my release “${release.title || "Untitled release"}” (${facts}): ${address}`;
}

/** The message as sent: the quote on its own line, then what the artist wrote. */
export function withReleaseQuote(text: string, quote: string): string {
  const question = text.trim();
  return question ? `${quote}\n${text}` : quote;
}
