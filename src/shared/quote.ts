import type { ChatFileType } from "./chat-file-type";

/** Longest excerpt of a quoted message a bubble carries (its first line, shortened). */
export const QUOTE_EXCERPT_MAX = 140;

/** The message a reply quotes, as both sides show it above the reply. */
export interface MessageQuote {
  id: string;
  /** Where it sits in the room's history: the jump loads older pages until it. */
  seq: number;
  userId: string;
  senderName: string;
  /** The first line of its text, shortened; empty for a file without text. */
  excerpt: string;
  fileType: ChatFileType | null;
}

/** The first non-empty line of a text, at most QUOTE_EXCERPT_MAX characters. */
export function quoteExcerpt(text: string): string {
  const line = text.split("\n").find((l) => l.trim() !== "") ?? "";
  const trimmed = line.trim();
  return trimmed.length > QUOTE_EXCERPT_MAX
    ? `${trimmed.slice(0, QUOTE_EXCERPT_MAX - 1)}…`
    : trimmed;
}

const quoteFileLabels: Record<ChatFileType, string> = { image: "Photo", audio: "Voice message" };

/** What a quote shows of its message: the excerpt, or "Photo" / "Voice message". */
export function quoteLabel(quote: Pick<MessageQuote, "excerpt" | "fileType">): string {
  if (quote.excerpt) return quote.excerpt;
  return quote.fileType ? quoteFileLabels[quote.fileType] : "";
}

/** The server's refusal of a quote outside the room or out of the sender's sight. */
export const QUOTE_NOT_FOUND = "The quoted message is not part of this conversation.";
