import { useQuery } from "@tanstack/react-query";
import { apiFetch } from "../../../../lib/api-client";
import { chatKeys } from "../../api/query-keys";

/** For agents: the artist's balance and last credit beside the conversation, read-only. */
export function useArtistBalance(artistId: string) {
  return useQuery({
    queryKey: [...chatKeys.artistSongs(artistId), "balance"],
    queryFn: ({ signal }) =>
      apiFetch(`/api/desk/artists/${encodeURIComponent(artistId)}/balance`, {
        answer: "artistBalance",
        signal,
      }),
  });
}
