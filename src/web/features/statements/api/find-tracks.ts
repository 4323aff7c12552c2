import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { apiFetch } from "../../../lib/api-client";
import { statementKeys } from "./statement-keys";

/** GET /api/desk/tracks?q=: Find a track, by title or ISRC (nothing asked for an empty query). */
export function useFindTracks(q: string) {
  const query = q.trim();
  return useQuery({
    queryKey: statementKeys.tracks(query),
    queryFn: ({ signal }) =>
      apiFetch(`/api/desk/tracks?q=${encodeURIComponent(query)}`, {
        answer: "trackMatchList",
        signal,
      }),
    enabled: query.length > 0,
    placeholderData: keepPreviousData,
  });
}
