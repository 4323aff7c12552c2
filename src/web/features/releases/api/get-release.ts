import { useQuery } from "@tanstack/react-query";
import { ApiError, apiFetch } from "../../../lib/api-client";
import { liveQuery } from "../../../realtime/live-query";
import { releaseKeys } from "./release-keys";

export const releaseUrl = (id: string) => `/api/releases/${encodeURIComponent(id)}`;

/** One release as the server holds it, with its review: the form starts from it, live events fetch it again. */
export function useRelease(id: string) {
  return useQuery({
    queryKey: releaseKeys.release(id),
    queryFn: ({ signal }) => apiFetch(releaseUrl(id), { answer: "releaseWithReview", signal }),
    retry: (count, error) => !(error instanceof ApiError) && count < 2,
    ...liveQuery,
  });
}
