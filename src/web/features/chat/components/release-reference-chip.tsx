import { useEffect } from "react";
import { X } from "lucide-react";
import { SongCover } from "../../../components/song-cover";
import { useReleaseReference } from "../api/get-release-reference";
import { releaseQuote } from "../ask/release-reference";
import type { LoadedRelease } from "../conversation/use-composer-release";

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
    <div className="flex items-center gap-2 px-2 pt-2">
      <div
        className={`flex max-w-full min-w-0 items-center gap-2 rounded-full py-1 pr-1 pl-1.5 text-sm ring-1 ${
          failed
            ? "bg-red-50 text-red-900 ring-red-300 dark:bg-red-950 dark:text-red-100 dark:ring-red-800"
            : "bg-indigo-50 text-indigo-950 ring-indigo-200 dark:bg-indigo-950 dark:text-indigo-100 dark:ring-indigo-800"
        }`}
      >
        {release && <SongCover src={release.artworkUrl} alt="" className="size-7 rounded-full" />}
        <span className="min-w-0 truncate">
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
        </span>
        <button
          type="button"
          onClick={onRemove}
          aria-label="Remove release reference"
          className="flex size-7 shrink-0 items-center justify-center rounded-full hover:bg-black/10 dark:hover:bg-white/15"
        >
          <X aria-hidden="true" className="size-4" />
        </button>
      </div>
    </div>
  );
}
