import { useQuery } from "@tanstack/react-query";
import type { MessageSongRef } from "../../../../shared/chat";
import { ApiError, apiFetch } from "../../../lib/api-client";
import { chatKeys } from "./query-keys";

/**
 * The song the composer refers to, as its chip and card show it. The plain
 * GET: reading it here must not count a view of the song.
 */
export function useSongReference(songId: string | null) {
  return useQuery({
    queryKey: chatKeys.songReference(songId ?? ""),
    enabled: songId !== null,
    queryFn: async ({ signal }): Promise<MessageSongRef> => {
      const song = await apiFetch(`/api/songs/${encodeURIComponent(songId ?? "")}`, {
        answer: "songRecord",
        signal,
      });
      return { id: song.id, title: song.type, status: song.status, coverUrl: song.coverUrl };
    },
    staleTime: 60_000,
    // Not the artist's song (or gone): asking again will not change that.
    retry: (count, error) => !(error instanceof ApiError) && count < 2,
  });
}
