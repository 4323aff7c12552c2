import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { apiFetch } from "../../../lib/api-client";
import { songKeys } from "./song-keys";

/** Artists whose name or email contains the text (agents only). */
export function useArtists(search: string) {
  const q = search.trim();
  return useQuery({
    queryKey: songKeys.artists(q),
    queryFn: ({ signal }) =>
      apiFetch(`/api/artists${q ? `?q=${encodeURIComponent(q)}` : ""}`, {
        answer: "artistOptions",
        signal,
      }),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}
