import { useCallback, useMemo, useRef, useState } from "react";
import type { SearchMatch } from "../../../../shared/message-search";
import { quoteExcerpt, type MessageQuote } from "../../../../shared/quote";
import type { ThreadMessage } from "../thread";
import type { MessageTools } from "./message-tools-context";
import { useJumpToMessage } from "./use-jump-to-message";

/** The quote a reply carries, made from the message replied to. */
export function quoteOf(message: ThreadMessage): MessageQuote {
  return {
    id: message.id,
    seq: message.seq,
    userId: message.userId,
    senderName: message.senderName,
    excerpt: quoteExcerpt(message.text),
    fileType: message.fileType,
  };
}

/**
 * The conversation's tools in one place: the quote being replied with, the
 * search (open or not, its words) and jumps to a message anywhere in the
 * history, for quotes and search matches alike.
 */
export function useConversationTools({
  roomId,
  loadOlder,
  focusComposer,
  onReplyStart,
}: {
  roomId: string | undefined;
  loadOlder: () => Promise<void>;
  focusComposer: () => void;
  /** Called when a reply with a quote begins (an agent's composer leaves Note mode). */
  onReplyStart?: () => void;
}) {
  const [quote, setQuote] = useState<MessageQuote | null>(null);
  const [searching, setSearching] = useState(false);
  const [terms, setTerms] = useState<readonly string[]>([]);
  const { jump, highlightedId, clearHighlight } = useJumpToMessage(roomId, loadOlder);
  const searchButton = useRef<HTMLButtonElement>(null);

  const onReply = useCallback(
    (message: ThreadMessage) => {
      setQuote(quoteOf(message));
      onReplyStart?.();
      focusComposer();
    },
    [focusComposer, onReplyStart],
  );
  const onOpenQuote = useCallback(
    (target: MessageQuote) => void jump(target, { focus: true }),
    [jump],
  );
  const onMatch = useCallback((match: SearchMatch) => void jump(match), [jump]);
  const closeSearch = useCallback(() => {
    setSearching(false);
    setTerms([]);
    clearHighlight();
    searchButton.current?.focus();
  }, [clearHighlight]);

  const tools: MessageTools = useMemo(
    () => ({ onReply, onOpenQuote, terms, highlightedId }),
    [onReply, onOpenQuote, terms, highlightedId],
  );
  return {
    tools,
    quote,
    dropQuote: () => setQuote(null),
    search: {
      open: searching,
      toggle: () => (searching ? closeSearch() : setSearching(true)),
      close: closeSearch,
      onTerms: setTerms,
      onMatch,
    },
    searchButton,
  };
}
