import type { ReactNode, RefObject } from "react";
import type { MessageQuote } from "../../../../shared/quote";
import type { PublicUser } from "../../../../shared/user";
import type { useSendMessage } from "../api/send-message";
import { Composer, type ComposerAssist } from "../components/composer";
import type { ComposerMode } from "../desk/composer-mode";
import { lazyModule } from "../../../lib/lazy-module";
import { textRoomBesides, useComposerRelease, withReleaseQuote } from "./use-composer-release";
import { useComposerSong } from "./use-composer-song";
import { useTypingSignal } from "./use-typing-signal";

/** The quote preview and the song and release chips, fetched the first time a message refers to something. */
const ComposerReference = lazyModule(() => import("./composer-reference")).part(
  (m) => m.ComposerReference,
);

export interface ConversationComposerProps {
  user: PublicUser;
  roomId: string | undefined;
  mode: ComposerMode;
  onMode: (mode: ComposerMode) => void;
  textRef: RefObject<HTMLTextAreaElement | null>;
  draft: { text: string; setText: (text: string) => void };
  sender: ReturnType<typeof useSendMessage>;
  /** The quote a reply carries (none in Note mode), and how it goes. */
  quote: MessageQuote | null;
  dropQuote: () => void;
  sendFiles: (files: File[]) => void;
  /** A failure to show above the composer (a refused file, an unsaved note); null clears it. */
  onFailure: (message: string | null) => void;
}

/** What an agent's composer adds (desk/desk-composer.tsx, loaded for agents only). */
export interface DeskAdditions {
  /** Reply / Note, above the message box. */
  modeSwitch?: ReactNode;
  /** Posts the text as an internal note (Note mode). */
  onNote?: (text: string) => void;
  /** The saved-reply "/" menu. */
  assist?: ComposerAssist;
}

/** The message box with what the message refers to (quote, song); an agent's adds Reply / Note. */
export function ConversationComposer(props: ConversationComposerProps & DeskAdditions) {
  const { user, mode, sender, quote, textRef, onNote } = props;
  const composerSong = useComposerSong(user);
  const composerRelease = useComposerRelease(user);
  const releaseQuote = composerRelease.quote;
  const onTyping = useTypingSignal(props.roomId);
  const focus = () => textRef.current?.focus();

  const onSendText = (text: string) => {
    // A pending quote waits in Note mode for the next reply.
    if (mode === "note" && onNote) {
      onNote(text);
      return;
    }
    // "Ask about this release": the message opens with the release's quote.
    const sent = releaseQuote ? withReleaseQuote(text, releaseQuote) : text;
    sender.sendText(sent, composerSong.song.data ?? null, quote);
    if (composerSong.songId) composerSong.drop();
    if (composerRelease.releaseId) composerRelease.drop();
    props.dropQuote();
  };

  return (
    <div className="shrink-0">
      {props.modeSwitch}
      <Composer
        disabled={!props.roomId}
        textRef={textRef}
        note={mode === "note"}
        onSendText={onSendText}
        draft={props.draft}
        assist={props.assist}
        reference={
          quote || composerSong.songId || composerRelease.releaseId ? (
            <ComposerReference
              quote={quote}
              onCancelQuote={() => {
                props.dropQuote();
                focus();
              }}
              song={composerSong.songId ? composerSong.song : null}
              onRemoveSong={() => {
                composerSong.drop();
                focus();
              }}
              release={
                composerRelease.releaseId
                  ? { releaseId: composerRelease.releaseId, onLoaded: composerRelease.onLoaded }
                  : null
              }
              onRemoveRelease={() => {
                composerRelease.drop();
                focus();
              }}
            />
          ) : null
        }
        canSendEmpty={composerSong.song.data !== undefined || releaseQuote !== null}
        maxLength={releaseQuote ? textRoomBesides(releaseQuote) : undefined}
        waiting={
          (composerSong.songId !== null && composerSong.song.isPending) || composerRelease.waiting
        }
        onFiles={props.sendFiles}
        onTyping={onTyping}
      />
    </div>
  );
}
