import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiFetch } from "../../../lib/api-client";
import { releasesUrl } from "./get-releases";
import { cacheReleaseAnswer } from "./release-answer";
import { releaseKeys } from "./release-keys";

/** Starts a new draft; the list learns of it and its form opens from the answer. */
export function useCreateRelease() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiFetch(releasesUrl, { answer: "releaseDetail", body: {} }),
    onSuccess: (release) => {
      cacheReleaseAnswer(queryClient, release);
      return queryClient.invalidateQueries({ queryKey: releaseKeys.list() });
    },
  });
}
