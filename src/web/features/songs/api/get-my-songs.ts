import { useInfiniteQuery } from "@tanstack/react-query";
import type { SongListFilters } from "../../../../shared/song-schemas";
import { apiFetch } from "../../../lib/api-client";
import { liveQuery } from "../../../realtime/live-query";
import { songKeys } from "./song-keys";

/** The address of one page of the artist's list (the built pages preload the first). */
export function mySongsUrl(filters: SongListFilters, cursor: string | null = null): string {
  const params = new URLSearchParams();
  if (filters.status) params.set("status", filters.status);
  if (filters.q) params.set("q", filters.q);
  if (cursor) params.set("cursor", cursor);
  const query = params.size ? `?${params.toString()}` : "";
  return `/api/songs${query}`;
}

function fetchMySongs(filters: SongListFilters, cursor: string | null, signal: AbortSignal) {
  return apiFetch(mySongsUrl(filters, cursor), { answer: "songSummaryPage", signal });
}

/** The signed-in artist's songs, newest first, 10 at a time, optionally filtered. */
export function useMySongs(filters: SongListFilters) {
  return useInfiniteQuery({
    queryKey: songKeys.myList(filters),
    ...liveQuery,
    queryFn: ({ pageParam, signal }) => fetchMySongs(filters, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
}
