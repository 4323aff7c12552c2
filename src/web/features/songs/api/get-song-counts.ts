import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { apiFetch } from "../../../lib/api-client";
import { liveQuery } from "../../../realtime/live-query";
import { songKeys } from "./song-keys";

export const songCountsUrl = (q: string) =>
  `/api/songs/counts${q ? `?q=${encodeURIComponent(q)}` : ""}`;

/** How many songs each status filter shows, with the title search applied. */
export function useSongCounts(q: string) {
  return useQuery({
    queryKey: songKeys.myCounts(q),
    ...liveQuery,
    queryFn: ({ signal }) => apiFetch(songCountsUrl(q), { answer: "songCounts", signal }),
    // The old counts stay on the buttons while the new search's load.
    placeholderData: keepPreviousData,
  });
}
