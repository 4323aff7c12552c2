import { CHAT_FILE_MAX_BYTES, type ChatFileType } from "../../../shared/chat";

/** The kind a chat file's reported type names: an image (never SVG) or audio, else null. */
export function chatKindOfType(type: string): ChatFileType | null {
  const lower = type.toLowerCase();
  if (lower.startsWith("image/") && lower !== "image/svg+xml") return "image";
  if (lower.startsWith("audio/")) return "audio";
  return null;
}

/**
 * The kind of a file that may go, by its reported type and size alone: what
 * the conversation shows as pending at once, while the full checks (the
 * bytes, in file-check.ts) load and run. Null when it cannot go at all.
 */
export function likelyChatFileKind(file: Pick<File, "type" | "size">): ChatFileType | null {
  return file.size <= CHAT_FILE_MAX_BYTES ? chatKindOfType(file.type) : null;
}
