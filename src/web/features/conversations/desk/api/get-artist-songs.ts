import { useQuery } from "@tanstack/react-query";
import { apiFetch } from "../../../../lib/api-client";
import { chatKeys } from "../../api/query-keys";

/** For agents: the artist's songs beside the conversation, newest first. */
export function useArtistSongs(artistId: string) {
  return useQuery({
    queryKey: chatKeys.artistSongs(artistId),
    queryFn: ({ signal }) =>
      apiFetch(`/api/desk/artists/${encodeURIComponent(artistId)}/songs`, {
        answer: "songSummaries",
        signal,
      }),
  });
}
