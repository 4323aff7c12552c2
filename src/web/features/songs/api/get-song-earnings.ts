import { useQuery } from "@tanstack/react-query";
import { apiFetch } from "../../../lib/api-client";
import { songKeys } from "./song-keys";

export const songEarningsUrl = (id: string) => `/api/songs/${encodeURIComponent(id)}/earnings`;

/** GET /api/songs/:id/earnings: the song's streams and earnings from imported statements. */
export function useSongEarnings(id: string) {
  return useQuery({
    // Beside the song's own key, not under it: opening the song cancels what
    // is in flight under songKeys.song(id), and would leave this unanswered.
    queryKey: [...songKeys.all, "earnings", id],
    queryFn: ({ signal }) => apiFetch(songEarningsUrl(id), { answer: "songEarnings", signal }),
    retry: false,
  });
}
