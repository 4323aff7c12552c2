/**
 * What a chat attachment is. A leaf of its own: chat.ts (messages) and
 * quote.ts (a quote names its message's file type) both use it, and chat.ts
 * uses quote.ts, so neither may import the other for it.
 */
export type ChatFileType = "image" | "audio";
