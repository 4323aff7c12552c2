import { useQuery } from "@tanstack/react-query";
import type { OpenedRoom } from "../../../../shared/chat";
import { apiFetch } from "../../../lib/api-client";
import { chatKeys } from "./query-keys";

/** Creates the room once if needed and marks it read; safe to repeat. */
export function openRoom(peerId: string): Promise<OpenedRoom> {
  return apiFetch<OpenedRoom>(`/api/chat/rooms/with/${encodeURIComponent(peerId)}`, {
    method: "PUT",
  });
}

export function useOpenRoom(peerId: string) {
  return useQuery({
    queryKey: chatKeys.room(peerId),
    queryFn: () => openRoom(peerId),
    staleTime: Infinity,
    retry: false,
  });
}
