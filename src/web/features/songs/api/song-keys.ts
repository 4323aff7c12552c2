import type { DeskSongFilters, SongListFilters } from "../../../../shared/song-schemas";
import { MY_SONGS_QUERY_ROOT, SONGS_QUERY_ROOT } from "../../../lib/query-roots";

/** Every songs query lives under ["songs"], so one invalidation refreshes both sides. */
export const songKeys = {
  all: SONGS_QUERY_ROOT,
  mine: () => MY_SONGS_QUERY_ROOT,
  myList: (filters: SongListFilters) => [...songKeys.mine(), "list", filters] as const,
  myCounts: (q: string) => [...songKeys.mine(), "counts", q] as const,
  notices: () => [...songKeys.mine(), "notices"] as const,
  /** One of the artist's own songs, as its page shows it. */
  song: (id: string) => [...songKeys.all, "song", id] as const,
  desk: () => [...songKeys.all, "desk"] as const,
  deskLists: () => [...songKeys.desk(), "list"] as const,
  deskList: (filters: Omit<DeskSongFilters, "cursor">) =>
    [...songKeys.desk(), "list", filters] as const,
  deskSong: (id: string) => [...songKeys.desk(), "song", id] as const,
  artists: (q: string) => [...songKeys.all, "artists", q] as const,
};
