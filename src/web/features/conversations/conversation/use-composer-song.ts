import { useSearchParams } from "react-router";
import type { PublicUser } from "../../../../shared/user";
import { useSongReference } from "../api/get-song-reference";
import { SONG_PARAM } from "../ask/song-reference";

/**
 * "Ask about this song": the song the composer refers to, kept in the URL
 * (`?song=`) so a reload keeps it, until it is sent or removed. Artists only:
 * agents reach songs from the profile pane.
 */
export function useComposerSong(user: PublicUser) {
  const [params, setParams] = useSearchParams();
  const songId = user.admin ? null : params.get(SONG_PARAM) || null;
  const song = useSongReference(songId);
  const drop = () =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete(SONG_PARAM);
        return next;
      },
      { replace: true },
    );
  return { songId, song, drop };
}
