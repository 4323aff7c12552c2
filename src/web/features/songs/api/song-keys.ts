import type { DeskSongFilters } from "../../../../shared/song-schemas";

/** Every songs query lives under ["songs"], so one invalidation refreshes both sides. */
export const songKeys = {
  all: ["songs"] as const,
  myList: () => [...songKeys.all, "mine"] as const,
  open: (id: string, openId: number) => [...songKeys.all, "open", id, openId] as const,
  desk: () => [...songKeys.all, "desk"] as const,
  deskList: (filters: Omit<DeskSongFilters, "cursor">) =>
    [...songKeys.desk(), "list", filters] as const,
  deskSong: (id: string) => [...songKeys.desk(), "song", id] as const,
  artists: (q: string) => [...songKeys.all, "artists", q] as const,
};
