import { useInfiniteQuery } from "@tanstack/react-query";
import type { DeskSongFilters } from "../../../../shared/song-schemas";
import { apiFetch } from "../../../lib/api-client";
import { liveQuery } from "../../../realtime/live-query";
import { songKeys } from "./song-keys";

export type DeskListFilters = Omit<DeskSongFilters, "cursor">;

/** The address of one page of the desk's list (the built pages preload the first). */
export function deskSongsUrl(filters: DeskListFilters, cursor: string | null = null): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(filters)) if (value) params.set(name, value);
  if (cursor) params.set("cursor", cursor);
  const query = params.size ? `?${params.toString()}` : "";
  return `/api/desk/songs${query}`;
}

function fetchDeskSongs(filters: DeskListFilters, cursor: string | null, signal: AbortSignal) {
  return apiFetch(deskSongsUrl(filters, cursor), { answer: "songDetailPage", signal });
}

/** Every artist's song requests for the agents, filtered, newest first, 10 at a time. */
export function useDeskSongs(filters: DeskListFilters) {
  return useInfiniteQuery({
    queryKey: songKeys.deskList(filters),
    ...liveQuery,
    queryFn: ({ pageParam, signal }) => fetchDeskSongs(filters, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
}
