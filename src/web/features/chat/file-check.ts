import { CHAT_FILE_MAX_BYTES, type ChatFileType } from "../../../shared/chat";
import { uploadMessages } from "../../../shared/files";

const CHAT_KINDS = ["image", "audio"] as const;

/**
 * The browser's check before a chat upload, with the server's own words: the
 * type the browser reports and the size. The server checks the bytes again.
 */
export function checkChatFile(
  file: Pick<File, "type" | "size">,
): { kind: ChatFileType } | { error: string } {
  const type = file.type.toLowerCase();
  const kind =
    type.startsWith("image/") && type !== "image/svg+xml"
      ? "image"
      : type.startsWith("audio/")
        ? "audio"
        : null;
  if (!kind) return { error: uploadMessages.wrongType(CHAT_KINDS) };
  if (file.size > CHAT_FILE_MAX_BYTES)
    return { error: uploadMessages.tooLarge(CHAT_FILE_MAX_BYTES) };
  return { kind };
}
