import { useSearchParams } from "react-router";
import type { PublicUser } from "../../../../shared/user";
import { useReleaseReference } from "../api/get-release-reference";
import { RELEASE_PARAM } from "../ask/release-reference";

/**
 * "Ask about this release": the release the composer quotes, kept in the URL
 * (`?release=`) so a reload keeps it, until it is sent or removed. Artists
 * only, as the song reference (use-composer-song.ts).
 */
export function useComposerRelease(user: PublicUser) {
  const [params, setParams] = useSearchParams();
  const releaseId = user.admin ? null : params.get(RELEASE_PARAM) || null;
  const release = useReleaseReference(releaseId);
  const drop = () =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete(RELEASE_PARAM);
        return next;
      },
      { replace: true },
    );
  return { releaseId, release, drop };
}
