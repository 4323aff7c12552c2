import type { OpenedRoom } from "../../../../shared/chat";
import { apiFetch } from "../../../lib/api-client";
import { usePickedMutation } from "../../../lib/use-picked-mutation";

/**
 * Creates the room once if needed and marks it read; safe to repeat. An
 * agent may name which of the artist's rooms (`roomId`, from the desk).
 */
export function openRoom(
  target: string | { peerId: string; roomId?: string },
): Promise<OpenedRoom> {
  const { peerId, roomId } = typeof target === "string" ? { peerId: target } : target;
  const query = roomId ? `?room=${encodeURIComponent(roomId)}` : "";
  return apiFetch(`/api/chat/rooms/with/${encodeURIComponent(peerId)}${query}`, {
    answer: "openedRoom",
    method: "PUT",
  });
}

/**
 * Opening a conversation changes state on the server (room, read mark), so it
 * is a mutation the conversation runs on purpose, never a query a cache
 * invalidation would fire again. The conversation re-renders for its failure
 * and its wait for the network only: its answer shows through the caller's
 * state, and its pending state shows nothing.
 */
export function useOpenRoom() {
  return usePickedMutation({ mutationFn: openRoom, retry: false }, (state) => ({
    isError: state.isError,
    error: state.error,
    isPaused: state.isPaused,
  }));
}
