import { useEffect, useRef } from "react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { ApiError, apiFetch } from "../../../lib/api-client";
import { liveQuery } from "../../../realtime/live-query";
import { songKeys } from "./song-keys";

/** The song's own address: its page's first answer, preloaded by the built page for an artist. */
export const songUrl = (id: string) => `/api/songs/${encodeURIComponent(id)}`;

/**
 * The song is read with a plain GET, which the page shows as soon as it
 * arrives (the server preloads it with the page). Opening it is a mutation
 * beside that read: one POST that counts a view (and marks its status change
 * seen), made once per visit (a ref, so StrictMode's double effects do not
 * count twice). Its answer, the record with this view counted, replaces
 * what the GET showed; later changes (song:changed, a resync) fetch again
 * with the GET.
 */
export function useOpenSong(id: string) {
  const queryClient = useQueryClient();
  const open = useMutation({
    mutationFn: () => apiFetch(`${songUrl(id)}/views`, { answer: "songRecord", body: {} }),
    onSuccess: async (song) => {
      // A read still in flight may have begun before the view: it must not win.
      await queryClient.cancelQueries({ queryKey: songKeys.song(id) });
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
    queryFn: ({ signal }) => apiFetch(songUrl(id), { answer: "songRecord", signal }),
    staleTime: Infinity,
    retry: (count, error) => !(error instanceof ApiError) && count < 2,
    ...liveQuery,
  });
  return {
    song: song.data,
    error: song.data ? null : (song.error ?? open.error),
    isPending: !song.data && !open.isError && !song.isError,
  };
}
