import fs from "node:fs";
import path from "node:path";
import { renderToStaticMarkup } from "react-dom/server";
import { matchRoutes, StaticRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { routeChunks } from "./route-chunks";
import { RequireSignedIn } from "./route-guards";
import { routes } from "./routes";
import { RouteSkeletonView, WITHOUT_SKELETON, routeSkeletons } from "./route-skeleton";

/** A URL for a route pattern ("/song/:id" → "/song/x"). */
const sample = (pattern: string) => pattern.replace(/:\w+/g, "x");

/** Whether the router puts `pattern` behind the signed-in guard. */
const signedIn = (pattern: string) =>
  (matchRoutes(routes, sample(pattern)) ?? []).some(
    ({ route }) =>
      typeof route.element === "object" &&
      route.element !== null &&
      "type" in route.element &&
      route.element.type === RequireSignedIn,
  );

const render = (pattern: string) =>
  renderToStaticMarkup(
    <StaticRouter location="/">
      <RouteSkeletonView path={pattern} />
    </StaticRouter>,
  );

describe("route skeletons", () => {
  it("exist for every signed-in route the build writes a page for but the desk's and /", () => {
    const guarded = routeChunks.map((r) => r.path).filter(signedIn);
    expect(guarded.length).toBeGreaterThan(10);
    const withSkeleton = Object.keys(routeSkeletons);
    expect([...withSkeleton, ...WITHOUT_SKELETON].sort()).toEqual([...guarded].sort());
    expect(withSkeleton.filter((p) => WITHOUT_SKELETON.includes(p))).toEqual([]);
  });

  it.each(Object.keys(routeSkeletons))(
    "%s: busy, no control but real links, nothing the CSP would block",
    (pattern) => {
      const html = render(pattern);
      expect(html).toContain('aria-busy="true"');
      expect(html).toContain('role="status"');
      // A control that does nothing until the script runs is a fake one.
      expect(html).not.toMatch(/<(button|input|select|textarea|form)\b/);
      for (const [, href] of html.matchAll(/<a [^>]*href="([^"]*)"/g)) {
        expect(["#main-content", "/", "/settings"]).toContain(href);
      }
      // Inline style attributes are refused by the CSP (hashes allow blocks only).
      expect(html).not.toMatch(/\sstyle="/);
    },
  );

  it("titles each screen as the screen itself does", () => {
    const repo = path.resolve(path.dirname(new URL(import.meta.url).pathname), "../../..");
    for (const [pattern, skeleton] of Object.entries(routeSkeletons)) {
      if (skeleton.kind === "chat" || !skeleton.title) continue;
      const route = routeChunks.find((r) => r.path === pattern)!;
      const source = route.modules
        .map((m) => fs.readFileSync(path.join(repo, m), "utf8"))
        .join("\n");
      // The heading as JSX text, or as a title prop (SubPage, PageHeader).
      expect(
        new RegExp(`>\\s*${skeleton.title}\\s*</h1>|title="${skeleton.title}"`).test(source),
        `${pattern}: "${skeleton.title}"`,
      ).toBe(true);
    }
  });

  it("shows the headings that need no data, as the screens write them", () => {
    expect(render("/songs")).toContain(">Your Songs</h1>");
    expect(render("/wallet")).toContain(">Wallet</h1>");
    expect(render("/artist-account")).toContain(">Artist Account</h1>");
    // A conversation: the whole small screen, no header nor bottom navigation.
    expect(render("/chat/:peerId")).not.toContain('aria-label="Bottom"');
    expect(render("/songs")).toContain('aria-label="Bottom"');
  });
});
