import { useEffect } from "react";
import { useReleaseReference } from "../api/get-release-reference";
import { releaseQuote } from "../ask/release-reference";
import type { LoadedRelease } from "../conversation/use-composer-release";
import { ReferenceChip } from "./reference-chip";

/**
 * The release the next message asks about, above the message box, until it
 * is sent or removed. It reads the release and hands its quote to the
 * composer (`onLoaded`), which puts it at the head of the message.
 */
export function ReleaseReferenceChip({
  releaseId,
  onLoaded,
  onRemove,
}: {
  releaseId: string;
  onLoaded: (loaded: LoadedRelease) => void;
  onRemove: () => void;
}) {
  const { data: release, isError: failed } = useReleaseReference(releaseId);
  useEffect(() => {
    if (release) onLoaded({ releaseId, quote: releaseQuote(release, location.origin) });
    else if (failed) onLoaded({ releaseId, quote: null });
  }, [release, failed, releaseId, onLoaded]);
  return (
    <ReferenceChip
      coverUrl={release?.artworkUrl}
      failed={failed}
      removeLabel="Remove release reference"
      onRemove={onRemove}
    >
      {failed ? (
        "This release cannot be quoted."
      ) : release ? (
        <>
          Asking about the release{" "}
          <strong className="font-semibold">{release.title || "Untitled release"}</strong> (
          {release.stateLabel})
        </>
      ) : (
        "Loading the release…"
      )}
    </ReferenceChip>
  );
}
