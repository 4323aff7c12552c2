import { useQueryClient } from "@tanstack/react-query";
import { useSocketEvent } from "../../../realtime/realtime-provider";
import { songKeys } from "./song-keys";

/**
 * Keeps every songs view live on this tab: a song changed (status, reason,
 * history, the desk's edits, a view that cleared its "New status" marker), so
 * the artist's list, counts, nav dot and open song page, and the agents' desk,
 * fetch again. (The views counter is a mutation, never a query: refetching a
 * song page does not count a view.) Mounted once, in the app shell.
 */
export function useLiveSongs(): void {
  const queryClient = useQueryClient();
  useSocketEvent("song:changed", ({ songId }) => {
    void queryClient.invalidateQueries({ queryKey: songKeys.mine() });
    void queryClient.invalidateQueries({ queryKey: songKeys.song(songId) });
    // The desk's lists; never an open editor, whose form holds the version it edits.
    void queryClient.invalidateQueries({ queryKey: songKeys.deskLists() });
  });
}
