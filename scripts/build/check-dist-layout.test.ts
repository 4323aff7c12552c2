import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { serverBuildOptions } from "./build-server.mjs";
import { looseEntries } from "./check-dist-layout.mjs";

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});

function fakeDist(entries: Record<string, "dir" | "file">): string {
  const dist = fs.mkdtempSync(path.join(os.tmpdir(), "dist-layout-"));
  dirs.push(dist);
  for (const [name, kind] of Object.entries(entries)) {
    if (kind === "dir") fs.mkdirSync(path.join(dist, name));
    else fs.writeFileSync(path.join(dist, name), "");
  }
  return dist;
}

const check = (dist: string) =>
  spawnSync(process.execPath, [path.resolve("scripts/build/check-dist-layout.mjs"), dist], {
    encoding: "utf8",
  });

describe("check-dist-layout", () => {
  it("accepts a dist/ of web/, server/ and cli/ only", () => {
    const dist = fakeDist({ web: "dir", server: "dir", cli: "dir" });
    expect(looseEntries(dist)).toEqual([]);
    expect(check(dist).status).toBe(0);
  });

  it("fails on a chunk and its map loose in dist/", () => {
    const dist = fakeDist({
      web: "dir",
      server: "dir",
      cli: "dir",
      "chunk-ABC.js": "file",
      "chunk-ABC.js.map": "file",
    });
    expect(looseEntries(dist)).toEqual(["chunk-ABC.js", "chunk-ABC.js.map"]);
    const run = check(dist);
    expect(run.status).toBe(1);
    expect(run.stderr).toContain("chunk-ABC.js, chunk-ABC.js.map");
  });

  it("fails when a folder is missing or a file has a folder's name", () => {
    expect(check(fakeDist({ web: "dir", server: "dir" })).stderr).toContain("lacks: cli");
    expect(looseEntries(fakeDist({ web: "dir", server: "dir", cli: "file" }))).toEqual(["cli"]);
  });
});

describe("the server build's options", () => {
  it("put the entries and the shared chunks under server/ or cli/, never loose in dist/", () => {
    expect(serverBuildOptions.outdir).toBe("dist");
    expect(serverBuildOptions.outbase).toBe("src");
    expect(serverBuildOptions.entryPoints).toEqual(["src/server/main.ts", "src/cli/main.ts"]);
    expect(serverBuildOptions.entryNames).toBe("[dir]/[name]");
    expect(serverBuildOptions.chunkNames).toMatch(/^(server|cli)\//);
  });
});
