import { useMutation } from "@tanstack/react-query";
import { apiFetch } from "../../../lib/api-client";

export function markRead(roomId: string): Promise<{ lastReadAt: number }> {
  return apiFetch(`/api/chat/rooms/${encodeURIComponent(roomId)}/read`, { method: "POST" });
}

/** The read event the server sends back refreshes the chat list. */
export function useMarkRead(roomId: string | undefined) {
  return useMutation({
    mutationFn: () => (roomId ? markRead(roomId) : Promise.resolve(null)),
    onError: (error) => console.error("Failed to update lastRead", error),
  });
}
