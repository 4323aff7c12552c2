import { useQuery } from "@tanstack/react-query";
import { releaseStateLabel } from "../../../../shared/release-constants";
import { ApiError, apiFetch } from "../../../lib/api-client";
import type { ReleaseReference } from "../ask/release-reference";

/**
 * The release the composer refers to ("Ask about this release"): the
 * artist's own only. Read by its chip, in the lazily loaded references chunk.
 */
export function useReleaseReference(releaseId: string | null) {
  return useQuery({
    // Under "chat", so a sign-out clears it; not in chatKeys, which the first bundle carries.
    queryKey: ["chat", "release-reference", releaseId ?? ""],
    enabled: releaseId !== null,
    queryFn: async ({ signal }): Promise<ReleaseReference> => {
      const release = await apiFetch(`/api/releases/${encodeURIComponent(releaseId ?? "")}`, {
        answer: "releaseDetail",
        signal,
      });
      return {
        id: release.id,
        title: release.title,
        stateLabel: releaseStateLabel(release.state),
        releaseType: release.releaseType,
        artworkUrl: release.artwork?.url ?? null,
      };
    },
    staleTime: 60_000,
    // Not the artist's release (or gone): asking again will not change that.
    retry: (count, error) => !(error instanceof ApiError) && count < 2,
  });
}
