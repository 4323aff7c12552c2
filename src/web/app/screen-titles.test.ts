import { describe, expect, it } from "vitest";
import { composeTitle } from "../lib/document-title";
import { routeChunks } from "./route-chunks";
import { screenTitle } from "./screen-titles";

describe("screen titles", () => {
  it("names every route's screen (route-chunks.ts lists them as routes.tsx does)", () => {
    for (const { path } of routeChunks) {
      // A parameter stands for any value: "/song/:id" is "/song/x".
      const pathname = path.replace(/:\w+/g, "x");
      expect(screenTitle(pathname).artist, path).not.toBe("Page not found");
    }
  });

  it("tells a literal path from a parameter one, and names an unknown one", () => {
    expect(screenTitle("/releases/new").artist).toBe("New release");
    expect(screenTitle("/releases/r1").artist).toBe("Release");
    expect(screenTitle("/")).toEqual({ artist: "Chats", agent: "Inbox" });
    expect(screenTitle("/nowhere").artist).toBe("Page not found");
  });

  it("keeps the unread count before the screen's name", () => {
    const screen = { artist: "Songs", agent: "Songs" };
    expect(composeTitle({ screen, agent: false, unread: 0 })).toBe("Songs · Artist Portal");
    expect(composeTitle({ screen, agent: false, unread: 3 })).toBe("(3) Songs · Artist Portal");
    const none = { artist: null, agent: null };
    expect(composeTitle({ screen: none, agent: true, unread: 1 })).toBe("(1) Artist Portal");
  });
});
