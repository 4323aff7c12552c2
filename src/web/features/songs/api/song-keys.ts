import type { DeskSongFilters, SongListFilters } from "../../../../shared/song-schemas";

/** Every songs query lives under ["songs"], so one invalidation refreshes both sides. */
export const songKeys = {
  all: ["songs"] as const,
  mine: () => [...songKeys.all, "mine"] as const,
  myList: (filters: SongListFilters) => [...songKeys.mine(), "list", filters] as const,
  myCounts: (q: string) => [...songKeys.mine(), "counts", q] as const,
  notices: () => [...songKeys.mine(), "notices"] as const,
  open: (id: string, openId: number) => [...songKeys.all, "open", id, openId] as const,
  desk: () => [...songKeys.all, "desk"] as const,
  deskList: (filters: Omit<DeskSongFilters, "cursor">) =>
    [...songKeys.desk(), "list", filters] as const,
  deskSong: (id: string) => [...songKeys.desk(), "song", id] as const,
  artists: (q: string) => [...songKeys.all, "artists", q] as const,
};
