import type { QueryClient } from "@tanstack/react-query";
import type { ReleaseDetail } from "../../../../shared/release-schemas";
import type { ReleaseReview, ReleaseWithReview } from "../../../../shared/responses/release-review";
import { releaseKeys } from "./release-keys";

/** A release before its review began: no steps, no stores, nothing to fix. */
export const noReview: ReleaseReview = {
  reviewer: null,
  openItems: [],
  timeline: [],
  stores: [],
  rejection: null,
};

/**
 * Keeps a write's answer (a save, a submit) as the release's cached copy.
 * Only the GET is promised to carry the review: an answer without one keeps
 * the review the cache already had, so the timeline does not blink away.
 */
export function cacheReleaseAnswer(
  queryClient: QueryClient,
  answer: ReleaseDetail & { review?: ReleaseReview },
): void {
  queryClient.setQueryData<ReleaseWithReview>(releaseKeys.release(answer.id), (old) => ({
    ...answer,
    review: answer.review ?? old?.review ?? noReview,
  }));
}
