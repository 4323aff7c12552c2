import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { planShards } from "./e2e-shards.mjs";

const e2e = path.resolve(import.meta.dirname, "../../e2e");
const specFiles = fs.readdirSync(e2e).filter((f) => f.endsWith(".spec.ts"));
const seconds = JSON.parse(fs.readFileSync(path.join(e2e, "durations.json"), "utf8")) as Record<
  string,
  number
>;

describe("the journeys' shards", () => {
  it("puts every journey file in exactly one of two shards, their times within the longest file", () => {
    const shards = planShards(specFiles, seconds, 2);
    const all = shards.flatMap((s) => s.files);
    expect([...all].sort()).toEqual([...specFiles].sort());
    expect(new Set(all).size).toBe(all.length);
    const longest = Math.max(...specFiles.map((f) => seconds[f] ?? 0));
    expect(Math.abs(shards[0]!.seconds - shards[1]!.seconds)).toBeLessThanOrEqual(longest);
  });

  it("splits by time, not by count: one long file against several short ones", () => {
    const shards = planShards(
      ["a.spec.ts", "b.spec.ts", "c.spec.ts", "d.spec.ts"],
      {
        "a.spec.ts": 300,
        "b.spec.ts": 100,
        "c.spec.ts": 100,
        "d.spec.ts": 100,
      },
      2,
    );
    expect(shards.map((s) => s.files)).toEqual([
      ["a.spec.ts"],
      ["b.spec.ts", "c.spec.ts", "d.spec.ts"],
    ]);
  });

  it("counts a file with no recorded time as the median", () => {
    const shards = planShards(
      ["a.spec.ts", "b.spec.ts", "c.spec.ts", "new.spec.ts"],
      {
        "a.spec.ts": 10,
        "b.spec.ts": 50,
        "c.spec.ts": 90,
      },
      2,
    );
    expect(shards.map((s) => s.seconds).sort((x, y) => x - y)).toEqual([100, 100]);
  });

  it("knows every file Playwright would run as a journey (its default pattern, in subfolders too)", () => {
    const found = fs
      .readdirSync(e2e, { recursive: true })
      .map(String)
      .filter((f) => /\.(spec|test)\.[cm]?[jt]sx?$/.test(f));
    expect(found.sort()).toEqual([...specFiles].sort());
  });

  it("records a time only for journey files that exist", () => {
    expect(Object.keys(seconds).filter((f) => !specFiles.includes(f))).toEqual([]);
  });
});
