import { useQuery } from "@tanstack/react-query";
import type { SongRecord } from "../../../../shared/song-schemas";
import { ApiError, apiFetch } from "../../../lib/api-client";
import { songKeys } from "./song-keys";

/** One song as the desk edits it (any artist's; no view is counted). */
export function useDeskSong(id: string) {
  return useQuery({
    queryKey: songKeys.deskSong(id),
    queryFn: ({ signal }) =>
      apiFetch<SongRecord>(`/api/desk/songs/${encodeURIComponent(id)}`, { signal }),
    retry: (count, error) => !(error instanceof ApiError) && count < 2,
  });
}
