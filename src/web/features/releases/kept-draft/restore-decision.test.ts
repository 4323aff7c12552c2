import { describe, expect, it } from "vitest";
import { draftFromRelease } from "../release-draft";
import { restoreDecision, sameDraft } from "./restore-decision";
import { testRelease } from "./test-release";

const server = testRelease({ version: 4 });
const saved = draftFromRelease(server);
const edited = { ...saved, title: "Monsoon Tapes (Deluxe)" };

describe("restoreDecision", () => {
  it("restores an edit made from the version the server still has", () => {
    expect(restoreDecision({ draft: edited, version: 4, sent: null }, server, true)).toBe(
      "restore",
    );
  });

  it("forgets an edit the server already has (the save landed, its answer was lost)", () => {
    const landed = testRelease({ version: 5, title: "Monsoon Tapes (Deluxe)" });
    expect(restoreDecision({ draft: edited, version: 4, sent: edited }, landed, true)).toBe(
      "nothing",
    );
  });

  it("restores later edits on top of the page's own save that landed at the reload", () => {
    const typedAfter = { ...edited, upc: "890123456003" };
    const landed = testRelease({ version: 5, title: "Monsoon Tapes (Deluxe)" });
    expect(restoreDecision({ draft: typedAfter, version: 4, sent: edited }, landed, true)).toBe(
      "restore",
    );
  });

  it("never restores over a newer version someone else saved", () => {
    const elsewhere = testRelease({ version: 5, genre: "Folk" });
    expect(restoreDecision({ draft: edited, version: 4, sent: null }, elsewhere, true)).toBe(
      "conflict",
    );
    // Two versions on, even with the page's own save among them.
    const later = testRelease({ version: 6, title: "Monsoon Tapes (Deluxe)", genre: "Folk" });
    expect(
      restoreDecision({ draft: { ...edited, upc: "1" }, version: 4, sent: edited }, later, true),
    ).toBe("conflict");
  });

  it("holds the edit when the release can no longer be changed", () => {
    const submitted = testRelease({ version: 4, state: "submitted" });
    expect(restoreDecision({ draft: edited, version: 4, sent: null }, submitted, false)).toBe(
      "locked",
    );
  });
});

describe("sameDraft", () => {
  it("compares as the server stores: trimmed text, any key order", () => {
    const reordered = Object.fromEntries(Object.entries(saved).reverse()) as typeof saved;
    expect(sameDraft(reordered, saved)).toBe(true);
    expect(sameDraft({ ...saved, title: " Monsoon Tapes " }, saved)).toBe(true);
    expect(sameDraft({ ...saved, title: "Monsoon" }, saved)).toBe(false);
    const retitled = saved.tracks.map((t) => ({ ...t, title: "Other" }));
    expect(sameDraft({ ...saved, tracks: retitled }, saved)).toBe(false);
  });
});
