/**
 * Every file docs/architecture.md names exists (issue 41): a path is read
 * from the repository's root, src/server, src/server/features, src, src/web
 * or the conversations feature (the doc's walk-throughs name its files from
 * there); a bare file name must exist at the root or under src, scripts or docs.
 */
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "../..");
const bases = [
  "",
  "src/server",
  "src/server/features",
  "src",
  "src/web",
  "src/server/features/conversations",
];

/** Every file name the document mentions, in code spans and blocks alike. */
export function namedFiles(markdown: string): string[] {
  const names = markdown.matchAll(/(?<![\w*./<>-])[\w.][\w./-]*\.(?:tsx?|md|js)\b/g);
  return [...new Set([...names].map((m) => m[0]))];
}

function allFileNames(): Set<string> {
  const names = new Set(fs.readdirSync(root));
  for (const dir of ["src", "scripts", "docs"]) {
    for (const entry of fs.readdirSync(path.join(root, dir), {
      recursive: true,
      withFileTypes: true,
    })) {
      if (entry.isFile()) names.add(entry.name);
    }
  }
  return names;
}

export function missingFiles(names: readonly string[], existing = allFileNames()): string[] {
  return names.filter((name) =>
    name.includes("/")
      ? !bases.some((base) => fs.existsSync(path.join(root, base, name)))
      : !existing.has(name),
  );
}

describe("docs/architecture.md", () => {
  const markdown = fs.readFileSync(path.join(root, "docs/architecture.md"), "utf8");

  it("names only files that exist", () => {
    const names = namedFiles(markdown);
    expect(names.length).toBeGreaterThan(50);
    expect(missingFiles(names)).toEqual([]);
  });

  it("notices a path that does not exist", () => {
    const names = namedFiles("The old `features/chat/service.ts` and `gone-file.ts`.");
    expect(missingFiles(names)).toEqual(["features/chat/service.ts", "gone-file.ts"]);
  });
});
