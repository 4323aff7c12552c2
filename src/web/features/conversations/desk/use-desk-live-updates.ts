import { useQueryClient } from "@tanstack/react-query";
import { useSocketEvent } from "../../../realtime/realtime-provider";
import { deskKeys } from "../api/query-keys";

/**
 * Keeps an agent's desk live: conversations that moved (the server's
 * coalesced "desk:activity", at most once a second), read marks and desk
 * changes refetch the views; a desk change also the open conversation's
 * header.
 */
export function useDeskLiveUpdates(): void {
  const queryClient = useQueryClient();
  const refreshViews = () => void queryClient.invalidateQueries({ queryKey: deskKeys.inboxes });
  useSocketEvent("desk:activity", refreshViews);
  useSocketEvent("room:read", refreshViews);
  useSocketEvent("desk:changed", ({ roomId }) => {
    refreshViews();
    void queryClient.invalidateQueries({ queryKey: deskKeys.room(roomId) });
  });
}
