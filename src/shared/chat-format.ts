import type { ChatFileType, LastMessage } from "./chat";
import { dateFormat } from "./intl-formats";
import { HOUR_MS } from "./durations";

/**
 * The chat list's time: under 24 hours the time of day, under 7 days (168 h)
 * the weekday, otherwise month and day.
 */
export function formatChatTime(at: number, now: number = Date.now(), locale?: string): string {
  const age = now - at;
  const date = new Date(at);
  if (age < 24 * HOUR_MS) {
    return dateFormat(locale, { hour: "2-digit", minute: "2-digit" }).format(date);
  }
  if (age < 168 * HOUR_MS) return dateFormat(locale, { weekday: "short" }).format(date);
  return dateFormat(locale, { month: "short", day: "numeric" }).format(date);
}

/** The spec's file size: bytes under 1 KB, KB to one decimal under 1 MB, otherwise MB. */
export function formatFileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

const fileLabels: Record<ChatFileType, string> = { image: "Image", audio: "Audio message" };

/** What the chat list shows for a last message: its text, or a label for a file. */
export function lastMessagePreview(message: Pick<LastMessage, "text" | "fileType">): string {
  if (message.text) return message.text;
  return message.fileType ? fileLabels[message.fileType] : "";
}
