import { z } from "zod";
import { numberFormat } from "./intl-formats";
import { plainString } from "./plain-text";

export const SHORTCUT_MAX = 32;
export const SAVED_REPLY_TEXT_MAX = 4000;
export const SHORTCUT_TAKEN = "Another saved reply already uses this shortcut.";
export const SAVED_REPLY_NOT_FOUND = "This saved reply no longer exists.";

/** A reply agents share: typed as "/shortcut" in the composer. */
export interface SavedReply {
  id: string;
  shortcut: string;
  text: string;
  updatedAt: number;
}

export const savedReplyInputSchema = z.object({
  shortcut: plainString({ error: "Enter a shortcut." })
    .trim()
    // A leading "/" is how it is typed, not part of the name.
    .transform((s) => s.replace(/^\/+/, ""))
    .pipe(
      z
        .string()
        .min(1, { error: "Enter a shortcut." })
        .max(SHORTCUT_MAX, { error: `A shortcut can have at most ${SHORTCUT_MAX} characters.` })
        .regex(/^\S+$/, { error: "A shortcut cannot contain spaces." }),
    ),
  text: plainString({ error: "Enter the reply's text." })
    .max(SAVED_REPLY_TEXT_MAX, {
      // A function: the number is formatted when the error is, not as the bundle loads.
      error: () =>
        `A saved reply can have at most ${numberFormat("en").format(SAVED_REPLY_TEXT_MAX)} characters.`,
    })
    .refine((t) => t.trim().length > 0, { error: "Enter the reply's text." }),
});
export type SavedReplyInput = z.input<typeof savedReplyInputSchema>;

export const savedReplyParamsSchema = z.object({ id: plainString().min(1).max(100) });

/** What the variables of a saved reply stand for in one conversation. */
export interface ReplyVariables {
  "artist.name": string;
  "artist.email": string;
  "agent.name": string;
  /** The song the conversation last referred to; absent when none. */
  "song.title"?: string;
  "song.status"?: string;
}

export const REPLY_VARIABLE_NAMES = [
  "artist.name",
  "artist.email",
  "agent.name",
  "song.title",
  "song.status",
] as const;

/**
 * Fills `{{name}}` placeholders. A name it does not know, or one with no
 * value here (no song referred to yet), stays exactly as typed: the agent
 * sees what is missing, never "undefined".
 */
export function fillSavedReply(text: string, variables: Partial<ReplyVariables>): string {
  return text.replace(/\{\{\s*([\w.]+)\s*\}\}/g, (whole, name: string) => {
    const value = (variables as Record<string, string | undefined>)[name];
    return typeof value === "string" ? value : whole;
  });
}

/** The saved replies whose shortcut starts with (then contains) what was typed after "/". */
export function filterSavedReplies<T extends Pick<SavedReply, "shortcut">>(
  replies: readonly T[],
  typed: string,
): T[] {
  const q = typed.toLowerCase();
  const starts = replies.filter((r) => r.shortcut.toLowerCase().startsWith(q));
  const contains = replies.filter(
    (r) => !r.shortcut.toLowerCase().startsWith(q) && r.shortcut.toLowerCase().includes(q),
  );
  return [...starts, ...contains];
}
