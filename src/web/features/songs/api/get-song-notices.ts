import { useQuery } from "@tanstack/react-query";
import type { SongNotices } from "../../../../shared/song-schemas";
import { apiFetch } from "../../../lib/api-client";
import { songKeys } from "./song-keys";

/** Songs whose status changed since the artist last opened them (the nav dot). */
export function useSongNotices(enabled: boolean) {
  return useQuery({
    queryKey: songKeys.notices(),
    queryFn: ({ signal }) => apiFetch<SongNotices>("/api/songs/notices", { signal }),
    enabled,
  });
}
