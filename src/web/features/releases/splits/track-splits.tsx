import { useId } from "react";
import { splitMessages } from "../../../../shared/split-messages";
import { Alert } from "../../../components/alert";
import { Spinner } from "../../../components/spinner";
import { ApiError } from "../../../lib/api-client";
import { useTrackSplits } from "../../splits/api/splits";
import { SplitsForm } from "./splits-form";

/**
 * A track's Splits section (issue 47): who shares its earnings and how
 * much, in any state of the release, live included. A track the form has
 * not saved yet has no splits to read: the section says so until it is.
 */
export function TrackSplits(props: {
  releaseId: string;
  trackId: string;
  /** The track exists on the server (a new track waits for its first save). */
  saved: boolean;
  /** "Track 2": names the section apart from the other tracks' ("Splits of Track 2"). */
  trackName: string;
  /** Below the track's own heading: 4 under a track's h3, 3 where the track has none. */
  headingLevel: 3 | 4;
}) {
  const Heading = props.headingLevel === 3 ? "h3" : "h4";
  const headingId = useId();
  const splits = useTrackSplits(props.releaseId, props.trackId, props.saved);
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-3">
      <Heading id={headingId} className="font-semibold">
        Splits<span className="sr-only"> of {props.trackName}</span>
      </Heading>
      <p className="text-sm text-slate-600 dark:text-slate-300">
        {splitMessages.appliesFromNow} {splitMessages.releaseWideStays}
      </p>
      {!props.saved ? (
        <p className="text-sm">Splits can be set once this track is saved.</p>
      ) : splits.isPending ? (
        <Spinner label="Loading splits…" className="py-2" />
      ) : splits.isError ? (
        <Alert tone="error">
          {splits.error instanceof ApiError && splits.error.status < 500
            ? splits.error.message
            : "Could not load the splits. Please try again later."}
        </Alert>
      ) : (
        <SplitsForm
          key={`${props.releaseId}:${props.trackId}`}
          releaseId={props.releaseId}
          trackId={props.trackId}
          splits={splits.data}
          idPrefix={headingId.replaceAll(":", "")}
          reload={async () => (await splits.refetch()).data}
        />
      )}
    </section>
  );
}
