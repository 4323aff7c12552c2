import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { ReleaseDetail } from "../../../../shared/release-schemas";
import { apiFetch } from "../../../lib/api-client";
import { MY_SONGS_QUERY_ROOT } from "../../../lib/query-roots";
import { releaseUrl } from "./get-release";
import { cacheReleaseAnswer } from "./release-answer";
import { releaseKeys } from "./release-keys";

/** After a submit or a withdraw: the release, the list, and "Your Songs" (its pending cards). */
function useAfterStateChange() {
  const queryClient = useQueryClient();
  return (release: ReleaseDetail) => {
    cacheReleaseAnswer(queryClient, release);
    // The timeline's new step comes with the release's GET.
    void queryClient.invalidateQueries({ queryKey: releaseKeys.release(release.id) });
    void queryClient.invalidateQueries({ queryKey: releaseKeys.list() });
    return queryClient.invalidateQueries({ queryKey: MY_SONGS_QUERY_ROOT });
  };
}

/** Sends the saved draft to review, with the keys of the warnings the artist has read. */
export function useSubmitRelease(id: string) {
  const onSuccess = useAfterStateChange();
  return useMutation({
    // A refusal (422) is an ApiError whose fieldErrors name each blocking issue's field.
    mutationFn: (body: { version: number; acknowledgedWarnings: string[] }) =>
      apiFetch(`${releaseUrl(id)}/submit`, { answer: "releaseDetail", body }),
    onSuccess,
  });
}

/** Takes a submitted release back to draft (its pending songs go). */
export function useWithdrawRelease(id: string) {
  const onSuccess = useAfterStateChange();
  return useMutation({
    mutationFn: (body: { version: number }) =>
      apiFetch(`${releaseUrl(id)}/withdraw`, { answer: "releaseDetail", body }),
    onSuccess,
  });
}
