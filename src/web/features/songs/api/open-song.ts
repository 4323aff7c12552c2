import { useEffect, useRef } from "react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { SongRecord } from "../../../../shared/song-schemas";
import { ApiError, apiFetch } from "../../../lib/api-client";
import { liveQuery } from "../../../realtime/live-query";
import { songKeys } from "./song-keys";

const songUrl = (id: string) => `/api/songs/${encodeURIComponent(id)}`;

/**
 * Opening a song is a mutation: one POST that counts a view (and marks its
 * status change seen), made once per visit (a ref, so StrictMode's double
 * effects do not count twice). Its answer seeds the song's live query, which
 * later changes (song:changed, a resync) fetch again with a plain GET.
 */
export function useOpenSong(id: string) {
  const queryClient = useQueryClient();
  const open = useMutation({
    mutationFn: () => apiFetch<SongRecord>(`${songUrl(id)}/views`, { body: {} }),
    onSuccess: (song) => {
      queryClient.setQueryData(songKeys.song(id), song);
      // Opening marks the status change seen: the nav dot and the list's marker go.
      void queryClient.invalidateQueries({ queryKey: songKeys.mine() });
    },
    retry: (count, error) => !(error instanceof ApiError) && count < 2,
  });
  const { mutate } = open;
  const opened = useRef<string | null>(null);
  useEffect(() => {
    if (opened.current === id) return;
    opened.current = id;
    mutate();
  }, [id, mutate]);
  const song = useQuery({
    queryKey: songKeys.song(id),
    queryFn: () => apiFetch<SongRecord>(songUrl(id)),
    // Seeded by the opening POST: fetched only when it changes or after a resync.
    enabled: open.isSuccess,
    staleTime: Infinity,
    retry: (count, error) => !(error instanceof ApiError) && count < 2,
    ...liveQuery,
  });
  return {
    song: song.data,
    error: song.data ? null : open.error,
    isPending: !song.data && !open.isError,
  };
}
