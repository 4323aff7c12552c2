import { createContext, useContext } from "react";
import type { MessageQuote } from "../../../../shared/quote";
import type { ThreadMessage } from "../thread";

/**
 * What a bubble needs from the conversation's tools, without threading it
 * through the list: reply with a quote, open a quoted message, the search
 * words to highlight and the message a jump landed on.
 */
export interface MessageTools {
  onReply: ((message: ThreadMessage) => void) | null;
  onOpenQuote: (quote: MessageQuote) => void;
  terms: readonly string[];
  highlightedId: string | null;
}

const none: MessageTools = {
  onReply: null,
  onOpenQuote: () => undefined,
  terms: [],
  highlightedId: null,
};

export const MessageToolsContext = createContext<MessageTools>(none);

export function useMessageTools(): MessageTools {
  return useContext(MessageToolsContext);
}

/** The element id of a message's bubble, for jumps. */
export const messageDomId = (id: string) => `message-${id}`;

/** The look of the message a jump landed on. */
export const highlightClass = (on: boolean) =>
  on ? "rounded-xl bg-amber-100 ring-2 ring-amber-500 dark:bg-amber-950" : "";
