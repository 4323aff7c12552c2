import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiFetch } from "../../../lib/api-client";
import { releasesUrl } from "./get-releases";
import { cacheReleaseAnswer } from "./release-answer";
import { releaseKeys } from "./release-keys";

/**
 * Starts a draft (or reopens the artist's untouched one, so repeated visits
 * to New release leave one empty draft, not many); the list learns of it
 * and its form opens from the answer.
 */
export function useCreateRelease() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      apiFetch(releasesUrl, { answer: "releaseDetail", body: { reuseUntouched: true } }),
    onSuccess: (release) => {
      cacheReleaseAnswer(queryClient, release);
      return queryClient.invalidateQueries({ queryKey: releaseKeys.list() });
    },
  });
}
