import { describe, expect, it } from "vitest";
import { testContact } from "../test-contact";
import { agentPlaceOf, askDestination, lastAgentId, withSongReference } from "./song-reference";

const contact = testContact;

describe("lastAgentId", () => {
  it("picks the agent with the newest message, wherever they are in the list", () => {
    expect(lastAgentId([contact("a", 100), contact("b", 300), contact("c", 200)])).toBe("b");
    expect(lastAgentId([contact("a", null), contact("b", 5), contact("c", null)])).toBe("b");
  });

  it("is null when the artist has no conversation yet", () => {
    expect(lastAgentId([])).toBeNull();
    expect(lastAgentId([contact("a", null), contact("b", null)])).toBeNull();
  });
});

describe("askDestination", () => {
  it("opens the last agent's conversation with the song, or the agent list", () => {
    expect(askDestination([contact("a", 1), contact("b", 2)], "s1")).toBe("/chat/b?song=s1");
    expect(askDestination([contact("a", null)], "s1")).toBe("/?song=s1");
  });

  it("encodes the ids it puts in the URL", () => {
    expect(withSongReference("/chat/x", "a b&c")).toBe("/chat/x?song=a+b%26c");
    expect(withSongReference("/chat/x", null)).toBe("/chat/x");
  });
});

describe("agentPlaceOf", () => {
  it("sends an agent to the desk's page of the song or the release", () => {
    expect(agentPlaceOf("song", "s 1")).toBe("/desk/songs/s%201");
    expect(agentPlaceOf("release", "r1")).toBe("/desk/releases/r1");
  });
});
