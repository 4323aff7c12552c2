import {
  DESK_RELEASE_API,
  deskReleaseApiPath,
  type DeskReleaseView,
} from "../../../../shared/release-review";

/**
 * The desk's release queries, under ["releases", "desk"]: one invalidation of
 * `all` refreshes every queue view and open review page of this tab.
 */
export const deskReleaseKeys = {
  all: ["releases", "desk"] as const,
  lists: () => [...deskReleaseKeys.all, "list"] as const,
  list: (view: DeskReleaseView, q: string) => [...deskReleaseKeys.lists(), view, q] as const,
  release: (id: string) => [...deskReleaseKeys.all, "release", id] as const,
};

/** One queue view with every view's count (also the address the built page preloads). */
export const deskReleasesUrl = (view: DeskReleaseView, q: string) =>
  `${DESK_RELEASE_API}?view=${view}&q=${encodeURIComponent(q)}`;

export const deskReleaseUrl = deskReleaseApiPath;
