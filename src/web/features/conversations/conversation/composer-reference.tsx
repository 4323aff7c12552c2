import type { MessageSongRef } from "../../../../shared/chat";
import type { MessageQuote } from "../../../../shared/quote";
import { QuotePreview } from "../components/quote-preview";
import { ReleaseReferenceChip } from "../components/release-reference-chip";
import { SongReferenceChip } from "../components/song-reference-chip";
import type { LoadedRelease } from "./use-composer-release";

/** A reference as it loads: its data, or that it failed. */
interface Loading<T> {
  data: T | undefined;
  isError: boolean;
}

/** Above the message box: the quote a reply carries, the song or release the message asks about. */
export function ComposerReference(props: {
  quote: MessageQuote | null;
  onCancelQuote: () => void;
  /** The song reference as it loads; null when there is none. */
  song: Loading<MessageSongRef> | null;
  onRemoveSong: () => void;
  /** The release the message asks about; null when there is none. */
  release?: { releaseId: string; onLoaded: (loaded: LoadedRelease) => void } | null;
  onRemoveRelease?: () => void;
}) {
  const { quote, song, release } = props;
  return (
    <>
      {quote && <QuotePreview quote={quote} onCancel={props.onCancelQuote} />}
      {song && (
        <SongReferenceChip song={song.data} failed={song.isError} onRemove={props.onRemoveSong} />
      )}
      {release && (
        <ReleaseReferenceChip
          releaseId={release.releaseId}
          onLoaded={release.onLoaded}
          onRemove={() => props.onRemoveRelease?.()}
        />
      )}
    </>
  );
}
