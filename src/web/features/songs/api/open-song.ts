import { useState } from "react";
import { useQuery } from "@tanstack/react-query";
import type { SongDetail } from "../../../../shared/song-schemas";
import { ApiError, apiFetch } from "../../../lib/api-client";
import { songKeys } from "./song-keys";

let openCounter = 0;

/**
 * Opens a song: one POST that adds a view and answers the song with its new
 * count. The key carries an id made once per mount, so StrictMode's double
 * effects and refetches reuse the answer; a new visit counts again.
 */
export function useOpenSong(id: string) {
  const [openId] = useState(() => ++openCounter);
  return useQuery({
    queryKey: songKeys.open(id, openId),
    queryFn: () => apiFetch<SongDetail>(`/api/songs/${encodeURIComponent(id)}/views`, { body: {} }),
    staleTime: Infinity,
    gcTime: 60_000,
    refetchOnMount: false,
    refetchOnReconnect: false,
    retry: (count, error) => !(error instanceof ApiError) && count < 2,
  });
}
