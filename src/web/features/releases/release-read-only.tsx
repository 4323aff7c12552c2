import type { ReleaseDetail } from "../../../shared/release-schemas";
import { releaseStateLabel, type ReleaseState } from "../../../shared/release-constants";
import { releaseMessages } from "../../../shared/release-messages";
import { artworkCheckLine } from "../../../shared/release-format";
import { formatFileSize } from "../../../shared/chat-format";
import { ArtworkViewer } from "./release-view/artwork-viewer";
import { ReleaseFacts } from "./release-view/release-facts";
import { ReleaseTracksView } from "./release-view/release-tracks-view";
import { WithdrawButton } from "./withdraw-button";

/** What the artist can still do about a release they cannot change, by state. */
const wayForward: Partial<Record<ReleaseState, string>> = {
  submitted:
    "Its tracks are in Your Songs as pending. Withdraw it to change something before the review starts.",
  in_review:
    "The label is reviewing it. If something needs fixing, they will ask for changes and you can edit it again.",
  approved: "Its codes are assigned. To correct something, ask about this release.",
  live: "It is in stores. To correct something, ask about this release.",
  rejected: "To send this music again, start a new release.",
};

/** Why the form is text: the state (the server's own sentence), or an agent reading it. */
export function readOnlyNote(state: ReleaseState, agent: boolean): string {
  if (agent) return releaseMessages.ownerOnly;
  const why = releaseMessages.notEditable(releaseStateLabel(state));
  const next = wayForward[state];
  return next ? `${why} ${next}` : why;
}

/**
 * A release that cannot be changed, shown as what it is: the reason (and
 * Withdraw while it waits for review), then its facts, artwork and tracks
 * as text, so nothing looks like a field that ignores its reader.
 */
export function ReleaseReadOnly(props: {
  release: ReleaseDetail;
  /** An agent reading an artist's release. */
  agent: boolean;
  version: () => number;
  onWithdrawn: (release: ReleaseDetail) => void;
}) {
  const { release, agent } = props;
  const { artwork } = release;
  return (
    <>
      <section
        aria-label="Read only"
        className="flex flex-col gap-3 rounded-xl border border-slate-300 bg-slate-50 p-4 text-slate-900 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100"
      >
        <p className="text-sm">{readOnlyNote(release.state, agent)}</p>
        {release.state === "submitted" && !agent && (
          <WithdrawButton
            releaseId={release.id}
            version={props.version}
            onWithdrawn={props.onWithdrawn}
          />
        )}
      </section>
      <ReleaseFacts release={release} />
      <section
        aria-labelledby="release-artwork-heading"
        className="flex flex-col gap-2 rounded-xl bg-white p-4 ring-1 ring-slate-200 dark:bg-slate-900 dark:ring-slate-800"
      >
        <h2 id="release-artwork-heading" className="text-lg font-semibold">
          Artwork
        </h2>
        <ArtworkViewer artwork={artwork} title={release.title || "Untitled release"} />
        {artwork && (
          <p className="text-sm text-slate-600 dark:text-slate-300">
            {artworkCheckLine(artwork)} · {formatFileSize(artwork.size)}
          </p>
        )}
      </section>
      <ReleaseTracksView releaseId={release.id} tracks={release.tracks} splits={!agent} />
    </>
  );
}
