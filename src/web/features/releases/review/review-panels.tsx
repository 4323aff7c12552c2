import type { ReleaseDetail } from "../../../../shared/release-schemas";
import type { ReleaseReview } from "../../../../shared/responses/release-review";
import { AskAboutRelease } from "./ask-about-release";
import { RejectionNotice } from "./rejection-notice";
import { ReleaseCodes } from "./release-codes";
import { ReleaseStores } from "./release-stores";
import { ReleaseTimeline } from "./release-timeline";
import { WhatToFix } from "./what-to-fix";

/**
 * What the review says, above the form: what to fix (changes requested) or
 * why it was rejected, the codes and stores of an approved release, the
 * timeline, and "Ask about this release" (artists only).
 */
export function ReviewPanels({
  release,
  review,
  asker,
}: {
  release: ReleaseDetail;
  review: ReleaseReview;
  /** The artist (not an agent reading it): they may ask about it. */
  asker: boolean;
}) {
  const { state } = release;
  return (
    <>
      {state === "changes_requested" && review.openItems.length > 0 && (
        <WhatToFix items={review.openItems} trackIds={release.tracks.map((track) => track.id)} />
      )}
      {state === "rejected" && review.rejection && <RejectionNotice rejection={review.rejection} />}
      {(state === "approved" || state === "live") && (
        <>
          <ReleaseCodes release={release} />
          {review.stores.length > 0 && <ReleaseStores stores={review.stores} />}
        </>
      )}
      <ReleaseTimeline steps={review.timeline} />
      {asker && <AskAboutRelease releaseId={release.id} />}
    </>
  );
}
