import { useQuery } from "@tanstack/react-query";
import { apiFetch } from "../../../lib/api-client";
import { liveQuery } from "../../../realtime/live-query";
import { releaseKeys } from "./release-keys";

export const releasesUrl = "/api/releases";

/** The signed-in artist's releases, newest first. */
export function useReleases() {
  return useQuery({
    queryKey: releaseKeys.list(),
    queryFn: ({ signal }) => apiFetch(releasesUrl, { answer: "releaseSummaries", signal }),
    ...liveQuery,
  });
}
