import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { EXTERNAL } from "./build-server.mjs";

/**
 * A CommonJS package bundled into the server loses its named exports behind
 * a dynamic import: esbuild's split chunk exports only `default`. Named
 * bindings from `await import("pkg")` work only for a package left outside
 * the bundle or written as an ES module. (pg-copy-streams was neither: every
 * statement on PostgreSQL failed in the built server while the tests, run
 * from the sources, passed.)
 */
const NAMED_DYNAMIC_IMPORT =
  /const \{\s*(?!default\s*[:}])[^}]*\}\s*=\s*await import\("([^".][^"]*)"\)/g;

function sourceFiles(dir: string): string[] {
  return fs
    .readdirSync(dir, { recursive: true, encoding: "utf8" })
    .filter((name) => name.endsWith(".ts") && !name.endsWith(".test.ts"))
    .map((name) => path.join(dir, name));
}

function isExternal(name: string): boolean {
  return EXTERNAL.some((pattern) =>
    pattern.endsWith("/*") ? name.startsWith(pattern.slice(0, -1)) : name === pattern,
  );
}

function isEsModule(name: string): boolean {
  const manifest = JSON.parse(
    fs.readFileSync(path.join("node_modules", name, "package.json"), "utf8"),
  ) as { type?: string; exports?: unknown };
  return manifest.type === "module" || JSON.stringify(manifest.exports ?? {}).includes('"import"');
}

describe("named exports of dynamically imported packages in the built server", () => {
  const found = ["src/server", "src/cli"].flatMap(sourceFiles).flatMap((file) =>
    [...fs.readFileSync(file, "utf8").matchAll(NAMED_DYNAMIC_IMPORT)].map((match) => ({
      file,
      name: match[1]!,
    })),
  );

  it("finds the imports it guards", () => {
    expect(found.map((hit) => hit.name)).toContain("pg-copy-streams");
  });

  it("takes them only from packages left outside the bundle or written as ES modules", () => {
    const broken = found.filter((hit) => !isExternal(hit.name) && !isEsModule(hit.name));
    expect(broken).toEqual([]);
  });
});
