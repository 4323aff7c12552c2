import { useQuery } from "@tanstack/react-query";
import { ApiError, apiFetch } from "../../../lib/api-client";
import { songKeys } from "./song-keys";

/** One song as the desk edits it (any artist's; no view is counted). */
export function useDeskSong(id: string) {
  return useQuery({
    queryKey: songKeys.deskSong(id),
    queryFn: ({ signal }) =>
      apiFetch(`/api/desk/songs/${encodeURIComponent(id)}`, { answer: "deskSongRecord", signal }),
    retry: (count, error) => !(error instanceof ApiError) && count < 2,
  });
}
