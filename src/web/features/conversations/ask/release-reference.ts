/** What the composer shows of the release a message asks about, and what it quotes. */
export interface ReleaseReference {
  id: string;
  title: string;
  /** The state in the words people read ("Changes requested"). */
  stateLabel: string;
  releaseType: string | null;
  artworkUrl: string | null;
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
