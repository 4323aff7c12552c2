import { useQuery } from "@tanstack/react-query";
import type { SongSummary } from "../../../../../shared/song-schemas";
import { apiFetch } from "../../../../lib/api-client";
import { chatKeys } from "../../api/query-keys";

/** For agents: the artist's songs beside the conversation, newest first. */
export function useArtistSongs(artistId: string) {
  return useQuery({
    queryKey: chatKeys.artistSongs(artistId),
    queryFn: ({ signal }) =>
      apiFetch<SongSummary[]>(`/api/desk/artists/${encodeURIComponent(artistId)}/songs`, {
        signal,
      }),
  });
}
