import { describe, expect, it } from "vitest";
import { testContact } from "../test-contact";
import { withReleaseQuote } from "../conversation/use-composer-release";
import { releaseQuote } from "./release-reference";
import { askReleaseDestination, withReleaseReference } from "./song-reference";

const contact = testContact;

const release = {
  id: "r1",
  title: "Monsoon Tapes",
  stateLabel: "Changes requested",
  releaseType: "EP",
  artworkUrl: null,
};

describe("askReleaseDestination", () => {
  it("opens the last agent's conversation with the release, or the agent list", () => {
    expect(askReleaseDestination([contact("a", 1), contact("b", 2)], "r1")).toBe(
      "/chat/b?release=r1",
    );
    expect(askReleaseDestination([contact("a", null)], "r1")).toBe("/?release=r1");
    expect(withReleaseReference("/chat/x", "a b&c")).toBe("/chat/x?release=a+b%26c");
    expect(withReleaseReference("/chat/x", null)).toBe("/chat/x");
  });
});

describe("releaseQuote", () => {
  it("names the release, its type and state, and its address", () => {
    expect(releaseQuote(release, "https://portal.test")).toBe(
      "About my release “Monsoon Tapes” (EP · Changes requested): https://portal.test/releases/r1",
    );
    expect(releaseQuote({ ...release, title: "", releaseType: null }, "https://p.test")).toBe(
      "About my release “Untitled release” (Changes requested): https://p.test/releases/r1",
    );
  });

  it("goes on its own line before the question, or alone", () => {
    expect(withReleaseQuote("When?", "Q")).toBe("Q\nWhen?");
    expect(withReleaseQuote("  ", "Q")).toBe("Q");
  });
});
