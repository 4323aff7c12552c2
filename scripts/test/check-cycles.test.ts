import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import ts from "typescript";
import { afterEach, describe, expect, it } from "vitest";
import { findCycles, moduleSpecifiers, sourceFiles } from "./check-cycles";

const options: ts.CompilerOptions = {
  module: ts.ModuleKind.ESNext,
  moduleResolution: ts.ModuleResolutionKind.Bundler,
  jsx: ts.JsxEmit.ReactJSX,
};

let dir: string | undefined;
afterEach(() => {
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
  dir = undefined;
});

/** A folder of modules: name -> text. */
function fixture(files: Record<string, string>): string[] {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "cycles-"));
  for (const [name, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    fs.writeFileSync(path.join(dir, name), text);
  }
  return sourceFiles(dir);
}

const names = (cycles: string[][]) =>
  cycles.map((cycle) => cycle.map((file) => path.relative(dir!, file)));

describe("check-cycles", () => {
  it("finds a cycle made only of type imports", () => {
    const files = fixture({
      "a.ts": 'import type { B } from "./b";\nexport interface A { b: B }\n',
      "b.ts": 'import { type A } from "./a";\nexport interface B { a?: A }\n',
      "c.ts": 'import type { A } from "./a";\nexport type C = A;\n',
    });
    expect(names(findCycles(files, options))).toEqual([["a.ts", "b.ts", "a.ts"]]);
  });

  it("follows re-exports, import() types, folders' index files and .tsx", () => {
    const files = fixture({
      "one.ts": 'export * from "./two";\n',
      "two/index.ts": 'export type T = import("../three").Three;\n',
      "three.tsx": 'import "./one";\nexport type Three = 3;\n',
    });
    expect(names(findCycles(files, options))).toEqual([
      ["one.ts", path.join("two", "index.ts"), "three.tsx", "one.ts"],
    ]);
  });

  it("finds nothing in modules that only import downwards (or outside the folder)", () => {
    const files = fixture({
      "a.ts": 'import type { B } from "./b";\nimport { z } from "zod";\nexport type A = B;\n',
      "b.ts": "export type B = 1;\n",
    });
    expect(findCycles(files, options)).toEqual([]);
  });

  it("reads every kind of module reference", () => {
    const text = [
      'import a from "./a";',
      'import type { B } from "./b";',
      'export { c } from "./c";',
      'type D = import("./d").D;',
      'const e = () => import("./e");',
      'import f = require("./f");',
    ].join("\n");
    expect(moduleSpecifiers("x.ts", text)).toEqual(["./a", "./b", "./c", "./d", "./e", "./f"]);
  });
});
