/** Kept free of zod, so the web's first route can use it (chat-events.ts). */
export const NUL_CHARACTER_MESSAGE =
  "This text contains an invisible NUL character, which is not allowed. Please remove it.";

/** Whether a string holds U+0000, which PostgreSQL cannot store in text (SQLite can). */
export const hasNulCharacter = (value: string): boolean => value.includes("\u0000");
