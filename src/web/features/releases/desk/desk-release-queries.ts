import { keepPreviousData, useQuery, useQueryClient } from "@tanstack/react-query";
import type { DeskReleaseView } from "../../../../shared/release-review";
import { ApiError, apiFetch } from "../../../lib/api-client";
import { liveQuery } from "../../../realtime/live-query";
import { useSocketEvent } from "../../../realtime/realtime-provider";
import { deskReleaseKeys, deskReleaseUrl, deskReleasesUrl } from "./desk-release-keys";

/** One queue view, searched; the last answer stays on screen while the next loads. */
export function useDeskReleases(view: DeskReleaseView, q: string) {
  return useQuery({
    queryKey: deskReleaseKeys.list(view, q),
    queryFn: ({ signal }) =>
      apiFetch(deskReleasesUrl(view, q), { answer: "deskReleaseList", signal }),
    placeholderData: keepPreviousData,
    // "Waiting 2 d" and Due soon move with the clock even when nothing happens.
    refetchInterval: 60_000,
    ...liveQuery,
  });
}

/** One release as the desk reviews it. */
export function useDeskRelease(id: string) {
  return useQuery({
    queryKey: deskReleaseKeys.release(id),
    queryFn: ({ signal }) => apiFetch(deskReleaseUrl(id), { answer: "deskReleaseDetail", signal }),
    retry: (count, error) => !(error instanceof ApiError) && count < 2,
    ...liveQuery,
  });
}

/**
 * Keeps the desk's release screens live: every step of any release (a new
 * submission, another agent's review) reaches every agent as
 * `desk:release-queue`, and the queue and that release's page fetch again.
 */
export function useLiveDeskReleases(): void {
  const queryClient = useQueryClient();
  useSocketEvent("desk:release-queue", ({ releaseId }) => {
    void queryClient.invalidateQueries({ queryKey: deskReleaseKeys.lists() });
    void queryClient.invalidateQueries({ queryKey: deskReleaseKeys.release(releaseId) });
  });
}
