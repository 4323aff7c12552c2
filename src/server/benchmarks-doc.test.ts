import { execFileSync } from "node:child_process";
import fs from "node:fs";
import { describe, expect, it } from "vitest";

const doc = fs.readFileSync("docs/benchmarks.md", "utf8");
const scripts = Object.keys(
  (JSON.parse(fs.readFileSync("package.json", "utf8")) as { scripts: Record<string, string> })
    .scripts,
);

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces to hyphens. */
function slug(heading: string): string {
  return heading
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, "")
    .replace(/\s/g, "-");
}

const anchors = new Set([...doc.matchAll(/^#{1,6} (.+)$/gm)].map((m) => slug(m[1]!.trim())));

describe("docs/benchmarks.md, the benchmarks' reference", () => {
  it("has every anchor that a link into it names", () => {
    const tracked = execFileSync("git", ["ls-files", "*.md", "*.ts", "*.tsx", "*.mjs"], {
      encoding: "utf8",
    })
      .split("\n")
      .filter(Boolean);
    const broken: string[] = [];
    for (const file of tracked) {
      if (!fs.existsSync(file)) continue;
      const text = fs.readFileSync(file, "utf8");
      const own = file === "docs/benchmarks.md" ? [...text.matchAll(/\]\(#([^)]+)\)/g)] : [];
      for (const m of [...text.matchAll(/benchmarks\.md#([\w-]+)/g), ...own]) {
        if (!anchors.has(m[1]!)) broken.push(`${file}: #${m[1]}`);
      }
    }
    expect(broken).toEqual([]);
  });

  it("names every benchmark script of package.json", () => {
    const benchmarks = scripts.filter((s) => /^(bench|perf|profile):|^(size|lighthouse)$/.test(s));
    expect(benchmarks.length).toBeGreaterThan(10);
    expect(benchmarks.filter((s) => !doc.includes(`npm run ${s}`))).toEqual([]);
  });

  it("stays a reference, not a diary", () => {
    expect(doc.split("\n").length).toBeLessThan(650);
    expect(doc).not.toMatch(/^#+ Where issue \d+ stands/m);
  });

  it("reads headings as GitHub anchors them", () => {
    expect(slug("Scrolling back through 2,000 messages")).toBe(
      "scrolling-back-through-2000-messages",
    );
    expect(slug("The test suite's own time")).toBe("the-test-suites-own-time");
    expect(slug("HTTP/2 in front of the portal")).toBe("http2-in-front-of-the-portal");
  });
});
