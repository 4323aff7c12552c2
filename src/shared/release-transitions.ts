import { releaseStateLabel, type ReleaseState } from "./release-constants";
import { releaseMessages } from "./release-messages";
import { releaseReviewMessages as m } from "./release-review-messages";

/**
 * The release's state machine (decision 099) as a pure table: each action,
 * the states it starts from and the state it leads to. Every route asks
 * `transition` before writing (anything the table does not list is refused
 * with a 409 and the sentence saying why), and the desk offers only the
 * steps it allows. Without zod: the desk's page loads it.
 */
export const RELEASE_ACTIONS = [
  "submit",
  "withdraw",
  "startReview",
  "requestChanges",
  "approve",
  "reject",
  "goLive",
  "leaveLive",
] as const;
export type ReleaseAction = (typeof RELEASE_ACTIONS)[number];

interface Transition {
  from: readonly ReleaseState[];
  to: ReleaseState;
  refusal: (state: ReleaseState) => string;
}

/** Why a release cannot be withdrawn, in its own words: a draft never left, a review started, or later. */
function withdrawRefusal(state: ReleaseState): string {
  if (state === "draft") return releaseMessages.draftNotWithdrawn;
  if (state === "in_review" || state === "changes_requested") {
    return releaseMessages.onlySubmittedWithdrawn;
  }
  return releaseMessages.notWithdrawn(releaseStateLabel(state));
}

export const RELEASE_TRANSITIONS: Record<ReleaseAction, Transition> = {
  // draft → submitted; changes_requested → submitted is the resubmission.
  submit: {
    from: ["draft", "changes_requested"],
    to: "submitted",
    refusal: m.cannotResubmit,
  },
  withdraw: {
    from: ["submitted"],
    to: "draft",
    refusal: withdrawRefusal,
  },
  startReview: { from: ["submitted"], to: "in_review", refusal: m.cannotStartReview },
  requestChanges: {
    from: ["in_review"],
    to: "changes_requested",
    refusal: m.cannotRequestChanges,
  },
  approve: { from: ["in_review"], to: "approved", refusal: m.cannotApprove },
  reject: {
    from: ["submitted", "in_review", "changes_requested"],
    to: "rejected",
    refusal: m.cannotReject,
  },
  // The first store set Live.
  goLive: { from: ["approved"], to: "live", refusal: m.storesNeedApproval },
  // The last Live store set back (with a reason): approved again, until a store is Live.
  leaveLive: { from: ["live"], to: "approved", refusal: m.storesNeedApproval },
};

export type TransitionOutcome = { ok: true; to: ReleaseState } | { ok: false; message: string };

/** Whether `action` may be taken from `state` (the desk shows only those buttons). */
export function canTake(state: string, action: ReleaseAction): boolean {
  return (RELEASE_TRANSITIONS[action].from as readonly string[]).includes(state);
}

/** Where `action` leads from `state`, or why it may not be taken. */
export function transition(state: ReleaseState, action: ReleaseAction): TransitionOutcome {
  const rule = RELEASE_TRANSITIONS[action];
  return rule.from.includes(state)
    ? { ok: true, to: rule.to }
    : { ok: false, message: rule.refusal(state) };
}

/**
 * The song status a release's songs take in its state (the spec's words,
 * decision 071's "in review"); null: the songs keep theirs.
 */
export const SONG_STATUS_OF_STATE: Record<ReleaseState, string | null> = {
  draft: null,
  submitted: "pending",
  in_review: "in review",
  changes_requested: null,
  approved: null,
  live: "released",
  rejected: "rejected",
};
