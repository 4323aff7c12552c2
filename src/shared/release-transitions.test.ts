import { describe, expect, it } from "vitest";
import { EDITABLE_RELEASE_STATES, RELEASE_STATES, type ReleaseState } from "./release-constants";
import {
  RELEASE_ACTIONS,
  RELEASE_TRANSITIONS,
  canTake,
  SONG_STATUS_OF_STATE,
  transition,
  type ReleaseAction,
} from "./release-transitions";

/** Decision 099's table, written out: every (state, action) that is allowed, and where it leads. */
const ALLOWED: Partial<Record<`${ReleaseState} ${ReleaseAction}`, ReleaseState>> = {
  "draft submit": "submitted",
  "changes_requested submit": "submitted",
  "submitted withdraw": "draft",
  "submitted startReview": "in_review",
  "in_review requestChanges": "changes_requested",
  "in_review approve": "approved",
  "submitted reject": "rejected",
  "in_review reject": "rejected",
  "changes_requested reject": "rejected",
  "approved goLive": "live",
  "live leaveLive": "approved",
};

const cells = RELEASE_STATES.flatMap((state) =>
  RELEASE_ACTIONS.map((action) => [state, action] as const),
);

describe("the release state machine", () => {
  it.each(cells)("from %s, %s is allowed only as the decision says", (state, action) => {
    const to = ALLOWED[`${state} ${action}`];
    const outcome = transition(state, action);
    if (to) {
      expect(outcome).toEqual({ ok: true, to });
    } else {
      expect(outcome.ok).toBe(false);
      // A sentence naming the state it is in (for the 409).
      if (!outcome.ok) expect(outcome.message).toMatch(/\.$/);
    }
  });

  it("says why in words", () => {
    expect(transition("draft", "approve")).toEqual({
      ok: false,
      message: "Only a release in review can be approved; this one is Draft.",
    });
    expect(transition("approved", "submit")).toEqual({
      ok: false,
      message:
        "Only a draft or a release with changes requested can be submitted; this one is Approved.",
    });
    expect(transition("in_review", "startReview")).toEqual({
      ok: false,
      message: "Only a submitted release can be taken into review; this one is In review.",
    });
    expect(transition("live", "reject").ok).toBe(false);
    // Withdrawing says what actually happened.
    expect(transition("draft", "withdraw")).toEqual({
      ok: false,
      message:
        "This release is still a draft: it was never submitted, so there is nothing to withdraw.",
    });
    expect(transition("in_review", "withdraw")).toEqual({
      ok: false,
      message: "Only a submitted release can be withdrawn; its review has started.",
    });
    expect(transition("approved", "withdraw")).toEqual({
      ok: false,
      message: "Only a submitted release can be withdrawn; this one is Approved.",
    });
    expect(transition("rejected", "reject").ok).toBe(false);
  });

  it("maps each state to the spec's song statuses", () => {
    expect(SONG_STATUS_OF_STATE).toEqual({
      draft: null,
      submitted: "pending",
      in_review: "in review",
      changes_requested: null,
      approved: null,
      live: "released",
      rejected: "rejected",
    });
  });

  it("lets the artist edit exactly where a submit may start, and the desk offer only allowed steps", () => {
    expect(RELEASE_TRANSITIONS.submit.from).toEqual(EDITABLE_RELEASE_STATES);
    for (const state of RELEASE_STATES) {
      for (const action of RELEASE_ACTIONS) {
        expect(canTake(state, action)).toBe(transition(state, action).ok);
      }
    }
  });
});
