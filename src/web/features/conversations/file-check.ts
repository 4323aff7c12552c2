import { CHAT_FILE_MAX_BYTES, type ChatFileType } from "../../../shared/chat";
import { contentMismatchMessage, uploadMessages } from "../../../shared/files";
import { chatKindOfType } from "./chat-file-kind";

const CHAT_KINDS = ["image", "audio"] as const;

/**
 * The browser's check before a chat upload, with the server's own words: the
 * type the browser reports and the size. The server checks the bytes again.
 */
export function checkChatFile(
  file: Pick<File, "type" | "size">,
): { kind: ChatFileType } | { error: string } {
  const kind = chatKindOfType(file.type);
  if (!kind) return { error: uploadMessages.wrongType(CHAT_KINDS) };
  if (file.size > CHAT_FILE_MAX_BYTES)
    return { error: uploadMessages.tooLarge(CHAT_FILE_MAX_BYTES) };
  return { kind };
}

/**
 * The bytes' check, after `checkChatFile` passed: the same sniffing the server
 * runs when the upload finishes, loaded only when a file is sent. A text file
 * named `.png` is refused here, before anything is uploaded.
 */
export async function checkChatFileContent(
  file: Blob,
  kind: ChatFileType,
): Promise<{ error: string } | null> {
  const { SNIFF_BYTES, sniffFileType } = await import("../../../shared/file-sniffing");
  const head = new Uint8Array(await file.slice(0, SNIFF_BYTES).arrayBuffer());
  const sniffed = await sniffFileType(head);
  return sniffed?.kind === kind ? null : { error: contentMismatchMessage(kind) };
}

/** Every check for files about to be sent, in their order: what may go, and why the rest may not. */
export async function checkChatFiles(
  files: readonly File[],
): Promise<{ accepted: { file: File; kind: ChatFileType }[]; refused: string | null }> {
  const accepted: { file: File; kind: ChatFileType }[] = [];
  let refused: string | null = null;
  for (const file of files) {
    const checked = checkChatFile(file);
    const problem = "error" in checked ? checked : await checkChatFileContent(file, checked.kind);
    if (problem) refused = `${file.name}: ${problem.error}`;
    else if ("kind" in checked) accepted.push({ file, kind: checked.kind });
  }
  return { accepted, refused };
}
