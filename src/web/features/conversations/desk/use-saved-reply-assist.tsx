import { useId, useState, type KeyboardEvent } from "react";
import {
  fillSavedReply,
  filterSavedReplies,
  type SavedReply,
} from "../../../../shared/saved-replies";
import { fetchReplyVariables, useSavedReplies } from "../../saved-replies/api/saved-replies";
import type { ComposerAssist } from "../components/composer";
import { SavedReplyMenu } from "./saved-reply-menu";

/** "/" then a shortcut, alone in the box: the saved-reply list is open. */
const slashCommand = /^\/(\S*)$/;

interface SavedReplyAssistOptions {
  enabled: boolean;
  roomId: string | undefined;
  text: string;
  setText: (text: string) => void;
  focusText: () => void;
}

/**
 * The agent's "/" menu in the composer: typing "/" at the start lists the
 * saved replies, filtered as the agent types; arrows and Enter (or a click)
 * choose one, Escape closes the list. The chosen text replaces the box with
 * its variables filled in for this conversation; the agent edits and sends.
 */
export function useSavedReplyAssist({
  enabled,
  roomId,
  text,
  setText,
  focusText,
}: SavedReplyAssistOptions): ComposerAssist | undefined {
  const typed = enabled ? slashCommand.exec(text)?.[1] : undefined;
  // Closed with Escape for this very text; typing on opens it again.
  const [dismissedFor, setDismissedFor] = useState<string | null>(null);
  const [active, setActive] = useState<{ for: string; index: number }>({ for: "", index: 0 });
  const [failure, setFailure] = useState<string | null>(null);
  const listId = useId();
  const open = typed !== undefined && dismissedFor !== text;
  const replies = useSavedReplies(open);
  if (!enabled) return undefined;

  const options = open ? filterSavedReplies(replies.data ?? [], typed) : [];
  const index = active.for === text ? Math.min(active.index, Math.max(0, options.length - 1)) : 0;
  const optionId = (i: number) => `${listId}-option-${i}`;

  const choose = async (reply: SavedReply) => {
    setFailure(null);
    try {
      const variables = roomId ? await fetchReplyVariables(roomId) : {};
      setText(fillSavedReply(reply.text, variables));
    } catch {
      // Without this conversation's values the reply still goes in, placeholders shown as typed.
      setFailure("The conversation's details could not be filled in.");
      setText(reply.text);
    }
    focusText();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (!open) return;
    if (event.key === "Escape") {
      event.preventDefault();
      setDismissedFor(text);
      return;
    }
    if (options.length === 0) return;
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      event.preventDefault();
      const by = event.key === "ArrowDown" ? 1 : -1;
      setActive({ for: text, index: (index + by + options.length) % options.length });
    } else if ((event.key === "Enter" && !event.shiftKey) || event.key === "Tab") {
      event.preventDefault();
      void choose(options[index]!);
    }
  };

  return {
    onKeyDown,
    inputProps: open
      ? {
          "aria-controls": listId,
          "aria-autocomplete": "list",
          "aria-activedescendant": options.length > 0 ? optionId(index) : undefined,
        }
      : {},
    popup:
      open || failure ? (
        <SavedReplyMenu
          listId={listId}
          open={open}
          typed={typed ?? ""}
          loading={replies.isPending}
          failed={replies.isError}
          options={options}
          activeIndex={index}
          optionId={optionId}
          onChoose={(reply) => void choose(reply)}
          failure={failure}
        />
      ) : null,
  };
}
