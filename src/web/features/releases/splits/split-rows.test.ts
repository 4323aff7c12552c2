import { describe, expect, it } from "vitest";
import type { TrackSplits } from "../../../../shared/responses/splits";
import {
  collaboratorsTotal,
  hasErrors,
  ownShareLine,
  rowsChanged,
  rowsFromSplits,
  serverFormErrors,
  shareBasisPoints,
  splitFormErrors,
  splitsInput,
  type SplitRow,
} from "./split-rows";

const row = (key: string, email: string, share: string): SplitRow => ({ key, email, share });

const saved: TrackSplits = {
  releaseId: "r1",
  trackId: "t1",
  trackTitle: "Rain Song",
  collaborators: [
    {
      id: "s1",
      email: "priya@example.com",
      shareBasisPoints: 2500,
      share: "25",
      state: "invited",
      invitedAt: 1,
      expiresAt: 2,
      answeredAt: null,
      heldPaise: 8500,
      heldLine: "Held for priya@example.com until they accept",
    },
  ],
  ownShareBasisPoints: 7500,
  ownShareLine: "You: 75%",
  appliesNote: "Applies to earnings imported from now on.",
  invited: [],
  maxCollaborators: 20,
};

describe("the Splits form's figures", () => {
  it("reads shares of up to 2 decimals exactly, and nothing else", () => {
    expect(shareBasisPoints("40")).toBe(4000);
    expect(shareBasisPoints(" 12.5 ")).toBe(1250);
    expect(shareBasisPoints("0.01")).toBe(1);
    expect(shareBasisPoints("33.33")).toBe(3333);
    expect(shareBasisPoints("12.345")).toBeNull();
    expect(shareBasisPoints("1e2")).toBeNull();
    expect(shareBasisPoints("")).toBeNull();
    expect(shareBasisPoints("-5")).toBeNull();
  });

  it("shows the artist what the collaborators leave: `You: 60%`", () => {
    expect(ownShareLine([])).toBe("You: 100%");
    expect(ownShareLine([row("a", "a@x.in", "25"), row("b", "b@x.in", "15")])).toBe("You: 60%");
    expect(ownShareLine([row("a", "a@x.in", "33.33"), row("b", "b@x.in", "33.33")])).toBe(
      "You: 33.34%",
    );
    // A row still being typed counts for nothing yet; over 100 % leaves 0 %.
    expect(ownShareLine([row("a", "a@x.in", "12.")])).toBe("You: 100%");
    expect(ownShareLine([row("a", "a@x.in", "70"), row("b", "b@x.in", "40")])).toBe("You: 0%");
    expect(collaboratorsTotal([row("a", "a@x.in", "70"), row("b", "b@x.in", "40")])).toBe(11_000);
  });
});

describe("splitFormErrors", () => {
  it("refuses shares over 100 % in all, in the issue's words", () => {
    const errors = splitFormErrors([row("a", "a@x.in", "70"), row("b", "b@x.in", "40")]);
    expect(errors.list).toBe("Shares must add up to 100%.");
    expect(errors.rows).toEqual({});
    expect(hasErrors(errors)).toBe(true);
  });

  it("lets exactly 100 % through", () => {
    const errors = splitFormErrors([row("a", "a@x.in", "60"), row("b", "b@x.in", "40")]);
    expect(hasErrors(errors)).toBe(false);
  });

  it("names each row's own problem: the email, the share, a collaborator listed twice", () => {
    const errors = splitFormErrors([
      row("a", "", "10"),
      row("b", "not-an-email", "0"),
      row("c", "Priya@Example.com", "12.345"),
      row("d", "priya@example.com ", "5"),
    ]);
    expect(errors.rows.a).toEqual({ email: "Email is required." });
    expect(errors.rows.b).toEqual({
      email: "Invalid email format. Please enter a valid email address.",
      share: "Enter a share above 0% with at most 2 decimals, like 40 or 12.5.",
    });
    expect(errors.rows.c).toEqual({
      share: "Enter a share above 0% with at most 2 decimals, like 40 or 12.5.",
    });
    expect(errors.rows.d).toEqual({ email: "priya@example.com is listed twice." });
    expect(errors.list).toBeUndefined();
  });

  it("refuses one share above 100 % on its row", () => {
    expect(splitFormErrors([row("a", "a@x.in", "100.5")]).rows.a).toEqual({
      share: "Shares must add up to 100%.",
    });
  });
});

describe("the server's word on a save", () => {
  it("puts each field error on the row it names, and the list's above Save", () => {
    const rows = [row("a", "a@x.in", "10"), row("b", "me@x.in", "20")];
    const errors = serverFormErrors(rows, {
      "collaborators.1.email": "You cannot add yourself as a collaborator.",
      collaborators: "Shares must add up to 100%.",
    });
    expect(errors.rows).toEqual({ b: { email: "You cannot add yourself as a collaborator." } });
    expect(errors.list).toBe("Shares must add up to 100%.");
  });
});

describe("what Save splits sends and whether there is anything to save", () => {
  it("sends every row trimmed", () => {
    expect(splitsInput([row("a", " priya@example.com ", " 25 ")])).toEqual({
      collaborators: [{ email: "priya@example.com", share: "25" }],
    });
  });

  it("starts from the saved collaborators, and tells a change from the same list", () => {
    const rows = rowsFromSplits(saved);
    expect(rows).toEqual([{ key: "s1", email: "priya@example.com", share: "25" }]);
    expect(rowsChanged(rows, saved)).toBe(false);
    expect(rowsChanged([{ ...rows[0]!, share: "25.00" }], saved)).toBe(false);
    expect(rowsChanged([{ ...rows[0]!, share: "30" }], saved)).toBe(true);
    expect(rowsChanged([], saved)).toBe(true);
    expect(rowsChanged([...rows, row("n", "", "")], saved)).toBe(true);
  });
});
