import { useQuery } from "@tanstack/react-query";
import { apiFetch } from "../../../lib/api-client";
import { liveQuery } from "../../../realtime/live-query";
import { songKeys } from "./song-keys";

export const songNoticesUrl = "/api/songs/notices";

/** Songs whose status changed since the artist last opened them (the nav dot). */
export function useSongNotices(enabled: boolean) {
  return useQuery({
    queryKey: songKeys.notices(),
    ...liveQuery,
    queryFn: ({ signal }) => apiFetch(songNoticesUrl, { answer: "songNotices", signal }),
    enabled,
  });
}
