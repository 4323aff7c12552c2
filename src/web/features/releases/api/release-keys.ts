/** Every releases query lives under ["releases"], so one invalidation refreshes them all. */
export const releaseKeys = {
  all: ["releases"] as const,
  list: () => [...releaseKeys.all, "list"] as const,
  release: (id: string) => [...releaseKeys.all, "release", id] as const,
};
