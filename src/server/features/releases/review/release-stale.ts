import type { Kysely } from "kysely";
import type { ReleaseStepData } from "../../../../shared/release-review";
import { releaseReviewMessages as m } from "../../../../shared/release-review-messages";
import type { Database } from "../../../db/schema";
import { HttpError } from "../../../http/errors";
import { findRelease } from "../release-repository";
import { lastStep } from "./release-review-repository";

/** The sentence for a client whose version is older than the release's: the step it missed. */
const STALE_BY_KIND: Partial<Record<ReleaseStepData["kind"], (name: string) => string>> = {
  review_started: m.alreadyStarted,
  changes_requested: m.alreadyRequestedChanges,
  approved: m.alreadyApproved,
  rejected: m.alreadyRejected,
  delivered: m.alreadyUpdatedStores,
  store_live: m.alreadyUpdatedStores,
  store_error: m.alreadyUpdatedStores,
  live: m.alreadyUpdatedStores,
};

/**
 * The 409 for an agent who acted on an older version: "Agent One already
 * approved this release." when the newest step made the current version,
 * else the artist changed it (a save while changes were requested, a
 * resubmission).
 */
export async function staleError(db: Kysely<Database>, id: string): Promise<HttpError> {
  const [row, step] = await Promise.all([findRelease(db, id), lastStep(db, id)]);
  const said =
    step && row && step.releaseVersion === row.version
      ? STALE_BY_KIND[step.kind as ReleaseStepData["kind"]]
      : undefined;
  if (said && step?.actorName) {
    return new HttpError(409, said(step.actorName), undefined, "STALE_VERSION");
  }
  return new HttpError(409, m.artistChanged, undefined, "STALE_VERSION");
}
