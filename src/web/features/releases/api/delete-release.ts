import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { ReleaseSummary } from "../../../../shared/release-schemas";
import { apiFetch } from "../../../lib/api-client";
import { releaseUrl } from "./get-release";
import { releaseKeys } from "./release-keys";

/** Deletes a draft with its tracks and files; its row leaves the list at once. */
export function useDeleteRelease() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiFetch(releaseUrl(id), { answer: "nothing", method: "DELETE" }),
    onSuccess: (_answer, id) => {
      queryClient.setQueryData<ReleaseSummary[]>(releaseKeys.list(), (list) =>
        list?.filter((release) => release.id !== id),
      );
      queryClient.removeQueries({ queryKey: releaseKeys.release(id) });
      return queryClient.invalidateQueries({ queryKey: releaseKeys.list() });
    },
  });
}
