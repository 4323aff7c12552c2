import type { ReleaseState } from "../../../../shared/release-constants";
import { releaseMessages } from "../../../../shared/release-messages";
import { releaseReviewMessages as m } from "../../../../shared/release-review-messages";

/**
 * The release's state machine (decision 099) as a pure table: each action,
 * who takes it, the states it starts from and the state it leads to. Every
 * route asks `transition` before writing; anything the table does not list
 * is refused with a 409 and the sentence saying why.
 */
export const RELEASE_ACTIONS = [
  "submit",
  "withdraw",
  "startReview",
  "requestChanges",
  "approve",
  "reject",
  "goLive",
] as const;
export type ReleaseAction = (typeof RELEASE_ACTIONS)[number];

interface Transition {
  by: "artist" | "agent" | "system";
  from: readonly ReleaseState[];
  to: ReleaseState;
  refusal: (state: ReleaseState) => string;
}

export const RELEASE_TRANSITIONS: Record<ReleaseAction, Transition> = {
  // draft → submitted; changes_requested → submitted is the resubmission.
  submit: {
    by: "artist",
    from: ["draft", "changes_requested"],
    to: "submitted",
    refusal: m.cannotResubmit,
  },
  withdraw: {
    by: "artist",
    from: ["submitted"],
    to: "draft",
    refusal: () => releaseMessages.onlySubmittedWithdrawn,
  },
  startReview: { by: "agent", from: ["submitted"], to: "in_review", refusal: m.cannotStartReview },
  requestChanges: {
    by: "agent",
    from: ["in_review"],
    to: "changes_requested",
    refusal: m.cannotRequestChanges,
  },
  approve: { by: "agent", from: ["in_review"], to: "approved", refusal: m.cannotApprove },
  reject: {
    by: "agent",
    from: ["submitted", "in_review", "changes_requested"],
    to: "rejected",
    refusal: m.cannotReject,
  },
  // The first store set Live.
  goLive: { by: "system", from: ["approved"], to: "live", refusal: m.storesNeedApproval },
};

export type TransitionOutcome = { ok: true; to: ReleaseState } | { ok: false; message: string };

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
