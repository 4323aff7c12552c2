import type { RefObject } from "react";
import type { MessageQuote } from "../../../../shared/quote";
import type { PublicUser } from "../../../../shared/user";
import type { useSendMessage } from "../api/send-message";
import { Composer, type ComposerAssist } from "../components/composer";
import { QuotePreview } from "../components/quote-preview";
import { SongReferenceChip } from "../components/song-reference-chip";
import { ComposerModeSwitch, type ComposerMode } from "../desk/composer-mode";
import { usePostNote } from "../desk/desk-api";
import { useComposerSong } from "./use-composer-song";
import { useTypingSignal } from "./use-typing-signal";

interface ConversationComposerProps {
  user: PublicUser;
  roomId: string | undefined;
  mode: ComposerMode;
  onMode: (mode: ComposerMode) => void;
  textRef: RefObject<HTMLTextAreaElement | null>;
  draft: { text: string; setText: (text: string) => void };
  assist: ComposerAssist | undefined;
  sender: ReturnType<typeof useSendMessage>;
  /** The quote a reply carries (none in Note mode), and how it goes. */
  quote: MessageQuote | null;
  dropQuote: () => void;
  sendFiles: (files: File[]) => void;
  /** A failure to show above the composer (a refused file, an unsaved note); null clears it. */
  onFailure: (message: string | null) => void;
}

/** For agents Reply / Note; the message box with what the message refers to (quote, song). */
export function ConversationComposer(props: ConversationComposerProps) {
  const { user, mode, sender, quote, textRef } = props;
  const composerSong = useComposerSong(user);
  const postNote = usePostNote(props.roomId);
  const onTyping = useTypingSignal(props.roomId);
  const focus = () => textRef.current?.focus();

  const onSendText = (text: string) => {
    // A pending quote waits in Note mode for the next reply.
    if (mode === "note") {
      props.onFailure(null);
      postNote.mutate(text, {
        onError: (error) => props.onFailure(`The note was not saved: ${error.message}`),
      });
      return;
    }
    sender.sendText(text, composerSong.song.data ?? null, quote);
    if (composerSong.songId) composerSong.drop();
    props.dropQuote();
  };

  return (
    <div className="shrink-0">
      {user.admin && (
        <ComposerModeSwitch
          mode={mode}
          onChange={(next) => {
            props.onMode(next);
            focus();
          }}
        />
      )}
      <Composer
        disabled={!props.roomId}
        textRef={textRef}
        note={mode === "note"}
        onSendText={onSendText}
        draft={props.draft}
        assist={props.assist}
        reference={
          quote || composerSong.songId ? (
            <>
              {quote && (
                <QuotePreview
                  quote={quote}
                  onCancel={() => {
                    props.dropQuote();
                    focus();
                  }}
                />
              )}
              {composerSong.songId && (
                <SongReferenceChip
                  song={composerSong.song.data}
                  failed={composerSong.song.isError}
                  onRemove={() => {
                    composerSong.drop();
                    focus();
                  }}
                />
              )}
            </>
          ) : null
        }
        canSendEmpty={composerSong.song.data !== undefined}
        waiting={composerSong.songId !== null && composerSong.song.isPending}
        onFiles={props.sendFiles}
        onTyping={onTyping}
      />
    </div>
  );
}
