import { useInfiniteQuery } from "@tanstack/react-query";
import type { SongPage, SongSummary } from "../../../../shared/song-schemas";
import { apiFetch } from "../../../lib/api-client";
import { songKeys } from "./song-keys";

function fetchMySongs(cursor: string | null, signal: AbortSignal) {
  const query = cursor ? `?cursor=${encodeURIComponent(cursor)}` : "";
  return apiFetch<SongPage<SongSummary>>(`/api/songs${query}`, { signal });
}

/** The signed-in artist's songs, newest first, 10 at a time. */
export function useMySongs() {
  return useInfiniteQuery({
    queryKey: songKeys.myList(),
    queryFn: ({ pageParam, signal }) => fetchMySongs(pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
}
