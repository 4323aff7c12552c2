import { describe, expect, it } from "vitest";
import { formatWaiting, isAgentOnly, mentionedAgents } from "./desk";

const MIN = 60_000;

describe("formatWaiting", () => {
  it("says minutes under an hour (at least one), hours under a day, then days", () => {
    const now = 1_000_000_000_000;
    expect(formatWaiting(now - 10_000, now)).toBe("Waiting 1 min");
    expect(formatWaiting(now - 4 * MIN - 30_000, now)).toBe("Waiting 4 min");
    expect(formatWaiting(now - 59 * MIN, now)).toBe("Waiting 59 min");
    expect(formatWaiting(now - 60 * MIN, now)).toBe("Waiting 1 h");
    expect(formatWaiting(now - 150 * MIN, now)).toBe("Waiting 2 h");
    expect(formatWaiting(now - 3 * 24 * 60 * MIN - MIN, now)).toBe("Waiting 3 d");
    // A clock a little behind the server's never shows a negative wait.
    expect(formatWaiting(now + 5_000, now)).toBe("Waiting 1 min");
  });
});

describe("mentionedAgents", () => {
  const agents = [
    { id: "a", name: "Agent" },
    { id: "b", name: "Agent Two" },
    { id: "c", name: "Alex (Support)" },
  ];

  it("finds @Name case-insensitively, names with spaces and punctuation included", () => {
    expect(mentionedAgents("please look @agent two", agents)).toEqual(["b"]);
    expect(mentionedAgents("cc @Alex (Support), thanks", agents)).toEqual(["c"]);
    expect(mentionedAgents("@Agent and @Agent Two", agents).sort()).toEqual(["a", "b"]);
  });

  it("needs the @ and a whole name", () => {
    expect(mentionedAgents("Agent Two, have a look", agents)).toEqual([]);
    expect(mentionedAgents("@Agents please", agents)).toEqual([]);
    expect(mentionedAgents("mail agent@example.test", agents)).toEqual([]);
  });
});

describe("isAgentOnly", () => {
  it("is true for notes and desk lines, false for what both people see", () => {
    expect(isAgentOnly({ kind: "note" })).toBe(true);
    expect(isAgentOnly({ kind: "event" })).toBe(true);
    expect(isAgentOnly({ kind: "system" })).toBe(false);
    expect(isAgentOnly({})).toBe(false);
  });
});
