import { hasNulCharacter } from "./nul-character";
import { SONG_STATUSES } from "./song-status-names";

/** Kept in step with songListQuerySchema's `q` (song-schemas.ts), which the API applies. */
export const SONG_SEARCH_MAX = 100;

/**
 * "Your Songs" filters as the address bar holds them: read as the API's
 * songListQuerySchema would read them (its tests check they agree), without
 * loading zod on the list's first paint. Anything it would refuse reads as
 * no filter at all, as a hand-edited address with an unknown status shows
 * every song.
 */
export function readSongListFilters(input: { status?: string; q?: string }): {
  status?: (typeof SONG_STATUSES)[number];
  q?: string;
} {
  const { status, q } = input;
  const known = SONG_STATUSES.find((value) => value === status);
  if (status !== undefined && known === undefined) return {};
  const search = q?.trim();
  if (q !== undefined && (hasNulCharacter(q) || search!.length > SONG_SEARCH_MAX)) return {};
  return { status: known, q: search || undefined };
}
