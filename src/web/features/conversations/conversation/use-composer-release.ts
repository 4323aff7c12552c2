import { useState } from "react";
import { useSearchParams } from "react-router";
import { MESSAGE_MAX_LENGTH } from "../../../../shared/chat";
import type { PublicUser } from "../../../../shared/user";
import { RELEASE_PARAM } from "../ask/song-reference";

/** What the release chip (loaded with the composer's references) reports of its release. */
export interface LoadedRelease {
  releaseId: string;
  /** The quote that opens the message; null when the release cannot be quoted. */
  quote: string | null;
}

/** What the artist may write beside the quote: the quote and its line break count too. */
export function textRoomBesides(quote: string): number {
  return MESSAGE_MAX_LENGTH - quote.length - 1;
}

/** The message as sent: the release's quote on its own line, then what the artist wrote. */
export function withReleaseQuote(text: string, quote: string): string {
  return text.trim() ? `${quote}\n${text}` : quote;
}

/**
 * "Ask about this release": the release the composer quotes, kept in the URL
 * (`?release=`) so a reload keeps it, until it is sent or removed. Artists
 * only, as the song reference (use-composer-song.ts). The release itself is
 * read by its chip, in the lazily loaded references chunk, which hands its
 * quote back here (`onLoaded`): a conversation without one loads none of it.
 */
export function useComposerRelease(user: PublicUser) {
  const [params, setParams] = useSearchParams();
  const releaseId = user.admin ? null : params.get(RELEASE_PARAM) || null;
  const [loaded, setLoaded] = useState<LoadedRelease | null>(null);
  const current = releaseId !== null && loaded?.releaseId === releaseId ? loaded : null;
  const drop = () =>
    setParams(
      (now) => {
        const next = new URLSearchParams(now);
        next.delete(RELEASE_PARAM);
        return next;
      },
      { replace: true },
    );
  return {
    releaseId,
    /** The quote once the chip has it; null while it loads or when it failed. */
    quote: current?.quote ?? null,
    waiting: releaseId !== null && current === null,
    onLoaded: setLoaded,
    drop,
  };
}
