import type { MessageSongRef } from "../../../../shared/chat";
import type { MessageQuote } from "../../../../shared/quote";
import { QuotePreview } from "../components/quote-preview";
import { SongReferenceChip } from "../components/song-reference-chip";

/** Above the message box: the quote a reply carries and the song the message asks about. */
export function ComposerReference(props: {
  quote: MessageQuote | null;
  onCancelQuote: () => void;
  /** The song reference as it loads; null when there is none. */
  song: { data: MessageSongRef | undefined; isError: boolean } | null;
  onRemoveSong: () => void;
}) {
  const { quote, song } = props;
  return (
    <>
      {quote && <QuotePreview quote={quote} onCancel={props.onCancelQuote} />}
      {song && (
        <SongReferenceChip song={song.data} failed={song.isError} onRemove={props.onRemoveSong} />
      )}
    </>
  );
}
