import { useQuery, useQueryClient } from "@tanstack/react-query";
import { songStoresApiPath } from "../../../../shared/release-review";
import { ApiError, apiFetch } from "../../../lib/api-client";
import { liveQuery } from "../../../realtime/live-query";
import { useSocketEvent } from "../../../realtime/realtime-provider";
import { songKeys } from "./song-keys";

/**
 * Where the song's release stands at each store, fetched once the song is on
 * screen: kept out of the song's own answer, so the page shows as fast as
 * before. Under the song's key, so a song:changed refreshes it too; a
 * release:changed of its own release (a store delivered, live) does as well,
 * and the artist's other releases moving fetch nothing.
 */
export function useSongStores(songId: string) {
  const queryClient = useQueryClient();
  const queryKey = [...songKeys.song(songId), "stores"] as const;
  const stores = useQuery({
    queryKey,
    queryFn: ({ signal }) => apiFetch(songStoresApiPath(songId), { answer: "songStores", signal }),
    // A song made on the desk has no release: nothing to show, nothing to retry.
    retry: (count, error) => !(error instanceof ApiError) && count < 2,
    ...liveQuery,
  });
  useSocketEvent("release:changed", ({ releaseId }) => {
    if (releaseId === stores.data?.releaseId) void queryClient.invalidateQueries({ queryKey });
  });
  return stores;
}
