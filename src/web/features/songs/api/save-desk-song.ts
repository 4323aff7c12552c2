import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { DeskSongCreateInput, DeskSongUpdateInput } from "../../../../shared/song-schemas";
import { apiFetch } from "../../../lib/api-client";
import { songKeys } from "./song-keys";

export type SaveDeskSong =
  { id: null; input: DeskSongCreateInput } | { id: string; input: DeskSongUpdateInput };

/** Creates a song request (no id) or saves one from its version; both sides' lists refresh. */
export function useSaveDeskSong() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: SaveDeskSong) =>
      id
        ? apiFetch(`/api/desk/songs/${encodeURIComponent(id)}`, {
            answer: "songRecord",
            method: "PUT",
            body: input,
          })
        : apiFetch("/api/desk/songs", { answer: "songRecord", body: input }),
    onSuccess: (song) => {
      // A song the desk saved has no release: the server refuses a release's song (409).
      queryClient.setQueryData(songKeys.deskSong(song.id), { ...song, release: null });
      return queryClient.invalidateQueries({ queryKey: songKeys.all });
    },
  });
}
