import { describe, expect, it } from "vitest";
import { routeChunks } from "./route-chunks";
import { derivedParams, routeData, routeParam } from "./route-data";

describe("routeData", () => {
  it("lists only signed-in routes the build makes a page for", () => {
    for (const path of Object.keys(routeData)) {
      const route = routeChunks.find((r) => r.path === path);
      expect(route, path).toBeDefined();
      // A public screen is seen signed out: its preloads would answer 401.
      expect(route!.prerender, path).toBeFalsy();
    }
  });

  it("names only parameters its route has or the server derives from them, and only API addresses", () => {
    for (const [path, data] of Object.entries(routeData)) {
      const own = [...path.matchAll(/:(\w+)/g)].map((m) => m[1]!);
      const derived = Object.keys(derivedParams).filter((name) =>
        own.includes(derivedParams[name]!),
      );
      const params = [...own, ...derived].map(routeParam);
      for (const url of [...(data.artist ?? []), ...(data.agent ?? [])]) {
        expect(url, path).toMatch(/^\/api\//);
        for (const used of url.match(/__\w+__/g) ?? []) expect(params, path).toContain(used);
      }
    }
  });

  it("puts the frame's answers on every listed screen of the role, after the screen's own", () => {
    expect(routeData["/songs"]!.artist).toEqual([
      "/api/songs",
      "/api/songs/counts",
      "/api/chat/contacts?q=",
      "/api/songs/notices",
    ]);
    expect(routeData["/song/:id"]!.artist![0]).toBe("/api/songs/__id__");
    expect(routeData["/"]!.agent).toEqual([
      "/api/desk/conversations?view=mine&q=",
      "/api/desk/unread",
    ]);
    expect(routeData["/songs"]!.agent).toBeUndefined();
    // A conversation's messages, from the room the server finds for the visitor.
    expect(routeData["/chat/:peerId"]!.artist![0]).toBe("/api/chat/rooms/__roomId__/messages");
    expect(routeData["/inbox/:peerId"]!.agent![1]).toBe("/api/chat/rooms/__roomId__/messages");
  });
});
