import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { SongDetail, SongInput } from "../../../../shared/song-schemas";
import { apiFetch } from "../../../lib/api-client";
import { songKeys } from "./song-keys";

/** Creates a song request (no id) or replaces one's fields; both sides' lists refresh. */
export function useSaveDeskSong() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: string | null; input: SongInput }) =>
      id
        ? apiFetch<SongDetail>(`/api/desk/songs/${encodeURIComponent(id)}`, {
            method: "PUT",
            body: input,
          })
        : apiFetch<SongDetail>("/api/desk/songs", { body: input }),
    onSuccess: (song) => {
      queryClient.setQueryData(songKeys.deskSong(song.id), song);
      return queryClient.invalidateQueries({ queryKey: songKeys.all });
    },
  });
}
