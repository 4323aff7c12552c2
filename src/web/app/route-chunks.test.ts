import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { routeChunks } from "./route-chunks";

const here = path.dirname(new URL(import.meta.url).pathname);
const repo = path.resolve(here, "../../..");
const routerSource = fs.readFileSync(path.join(here, "routes.tsx"), "utf8");

/** The lazy modules routes.tsx imports, as repo-relative paths. */
const routerModules = new Set(
  [...routerSource.matchAll(/import\("([^"]+)"\)/g)].map((m) => {
    const abs = path.resolve(here, m[1]!);
    const file = [".tsx", ".ts"].map((ext) => abs + ext).find((f) => fs.existsSync(f));
    return path.relative(repo, file ?? abs);
  }),
);

describe("routeChunks", () => {
  it("names only modules the router really loads lazily, and files that exist", () => {
    for (const route of routeChunks) {
      for (const module of route.modules) {
        expect(routerModules, `${route.path}: ${module}`).toContain(module);
      }
      for (const module of route.afterRender ?? []) {
        expect(fs.existsSync(path.join(repo, module)), module).toBe(true);
      }
    }
  });

  it("covers every lazy page of the router except the not-found page", () => {
    const listed = new Set(routeChunks.flatMap((r) => r.modules));
    const missing = [...routerModules].filter(
      (m) => !listed.has(m) && !m.endsWith("not-found-page.tsx"),
    );
    expect(missing).toEqual([]);
  });

  it("lists only paths the router has", () => {
    for (const route of routeChunks) {
      const asWritten = [`"${route.path}"`, `"${route.path.slice(1)}"`];
      expect(
        asWritten.some((p) => routerSource.includes(p)),
        route.path,
      ).toBe(true);
    }
  });
});
