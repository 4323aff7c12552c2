import { apiFetch } from "../../../lib/api-client";

export function markRead(roomId: string): Promise<{ lastReadAt: number }> {
  return apiFetch(`/api/chat/rooms/${encodeURIComponent(roomId)}/read`, {
    answer: "lastRead",
    method: "POST",
  });
}

/**
 * Marks the room read, logging a failure. A plain call, not a mutation hook:
 * nothing shows its progress, and a mutation's pending and success states
 * each re-rendered the whole conversation on its first load. The read event
 * the server sends back refreshes the chat list.
 */
export function markReadInBackground(roomId: string): void {
  markRead(roomId).catch((error: unknown) => console.error("Failed to update lastRead", error));
}
