import { useState } from "react";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import type { SongRecord } from "../../../../shared/song-schemas";
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
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: songKeys.open(id, openId),
    queryFn: async () => {
      const song = await apiFetch<SongRecord>(`/api/songs/${encodeURIComponent(id)}/views`, {
        body: {},
      });
      // Opening marks the status change seen: the nav dot and the list's marker go.
      void queryClient.invalidateQueries({ queryKey: songKeys.mine() });
      return song;
    },
    staleTime: Infinity,
    gcTime: 60_000,
    refetchOnMount: false,
    refetchOnReconnect: false,
    retry: (count, error) => !(error instanceof ApiError) && count < 2,
  });
}
