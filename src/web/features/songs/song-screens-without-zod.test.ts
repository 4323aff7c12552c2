import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";
import { describe, expect, it } from "vitest";

const here = path.dirname(fileURLToPath(import.meta.url));

/** The modules a file loads with it: value imports and re-exports (type-only and lazy ones aside). */
function loadedWith(file: string): string[] {
  const source = ts.createSourceFile(file, fs.readFileSync(file, "utf8"), ts.ScriptTarget.Latest);
  const found: string[] = [];
  for (const node of source.statements) {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      const clause = node.importClause;
      const typeOnly =
        clause?.phaseModifier === ts.SyntaxKind.TypeKeyword ||
        (clause &&
          !clause.name &&
          clause.namedBindings &&
          ts.isNamedImports(clause.namedBindings) &&
          clause.namedBindings.elements.every((e) => e.isTypeOnly));
      if (!typeOnly) found.push(node.moduleSpecifier.text);
    } else if (
      ts.isExportDeclaration(node) &&
      !node.isTypeOnly &&
      node.moduleSpecifier &&
      ts.isStringLiteral(node.moduleSpecifier)
    ) {
      found.push(node.moduleSpecifier.text);
    }
  }
  return found;
}

function resolve(from: string, specifier: string): string | undefined {
  const base = path.resolve(path.dirname(from), specifier);
  return [".ts", ".tsx", "/index.ts"].map((ext) => base + ext).find((f) => fs.existsSync(f));
}

/** The chain of modules from a screen to zod, or undefined when it never loads zod. */
function pathToZod(entry: string): string[] | undefined {
  const seen = new Set<string>();
  const walk = (file: string, chain: string[]): string[] | undefined => {
    if (seen.has(file)) return undefined;
    seen.add(file);
    for (const specifier of loadedWith(file)) {
      if (specifier === "zod" || specifier.startsWith("zod/")) return [...chain, file, specifier];
      if (!specifier.startsWith(".")) continue;
      const next = resolve(file, specifier);
      // An import this walk cannot follow would leave part of the tree unchecked.
      if (!next) throw new Error(`${file}: cannot resolve ${specifier}`);
      const found = walk(next, [...chain, file]);
      if (found) return found;
    }
    return undefined;
  };
  return walk(entry, []);
}

// The song screens show songs and validate nothing on their first paint: zod
// (80 KB, a fifth of what they downloaded) waits for a form that needs it.
describe.each([
  ["Your Songs", "songs-page.tsx"],
  ["a song's page", "song-detail-page.tsx"],
  ["the song desk", "desk/song-desk-page.tsx"],
])("%s", (_name, file) => {
  it("loads no zod with its first render", () => {
    const chain = pathToZod(path.join(here, file))?.map((f) => path.relative(here, f));
    expect(chain).toBeUndefined();
  });
});
