import type { ReactNode } from "react";
import type {
  ConversationComposerProps,
  DeskAdditions,
} from "../conversation/conversation-composer";
import { useSavedReplyAssist } from "./use-saved-reply-assist";
import { ComposerModeSwitch } from "./composer-mode";
import { usePostNote } from "./desk-api";

/**
 * What an agent's composer adds to the conversation's: Reply / Note above the
 * message box, internal notes, and the saved-reply "/" menu, handed to
 * `children` (the conversation's composer, which stays in its page's chunk).
 * In the desk's chunk: an artist never loads it.
 */
export function DeskComposer({
  children,
  ...props
}: ConversationComposerProps & { children: (desk: DeskAdditions) => ReactNode }) {
  const { roomId, textRef, draft, onFailure } = props;
  const postNote = usePostNote(roomId);
  const focus = () => textRef.current?.focus();
  const assist = useSavedReplyAssist({
    enabled: true,
    roomId,
    text: draft.text,
    setText: draft.setText,
    focusText: focus,
  });
  return children({
    modeSwitch: (
      <ComposerModeSwitch
        mode={props.mode}
        onChange={(next) => {
          props.onMode(next);
          focus();
        }}
      />
    ),
    onNote: (text) => {
      onFailure(null);
      postNote.mutate(text, {
        onError: (error) => onFailure(`The note was not saved: ${error.message}`),
      });
    },
    assist,
  });
}
