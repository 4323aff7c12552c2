/** Kept free of zod, so the web's first route can use it (chat-events.ts). */
export const NUL_CHARACTER_MESSAGE =
  "This text contains an invisible NUL character, which is not allowed. Please remove it.";

/** Whether a string holds U+0000, which PostgreSQL cannot store in text (SQLite can). */
export const hasNulCharacter = (value: string): boolean => value.includes("\u0000");

export const BROKEN_CHARACTER_MESSAGE =
  "This text contains a broken character (half of an emoji or symbol). Please remove it.";

/** A high surrogate without its low half, or a low one without its high half. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?:^|[^\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * Whether a string holds half of a UTF-16 pair: neither engine can store it
 * as it is (each writes U+FFFD in its place), so what was answered would
 * differ from what is read back, and a length checked here from the stored one.
 */
export const hasLoneSurrogate = (value: string): boolean => LONE_SURROGATE.test(value);
