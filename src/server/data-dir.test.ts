import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { loadConfig } from "./config";
import { prepareDataDir } from "./data-dir";

const scratch = fs.mkdtempSync(path.join(os.tmpdir(), "portal-datadir-"));
afterAll(() => {
  fs.rmSync(scratch, { recursive: true, force: true });
});

describe("DATA_DIR", () => {
  it("is made private (0700) when it already existed open", () => {
    const dir = path.join(scratch, "open");
    fs.mkdirSync(dir, { mode: 0o755 });
    fs.chmodSync(dir, 0o755);
    fs.writeFileSync(path.join(dir, "auth-secret"), "x".repeat(40), { mode: 0o644 });
    fs.chmodSync(path.join(dir, "auth-secret"), 0o644);
    prepareDataDir(loadConfig({ DATA_DIR: dir }));
    expect(fs.statSync(dir).mode & 0o777).toBe(0o700);
    expect(fs.statSync(path.join(dir, "auth-secret")).mode & 0o777).toBe(0o600);
  });

  it("an unusable DATA_DIR ends the start with one line naming it, no stack trace", async () => {
    // A path below a plain file can never be created (even by root).
    const file = path.join(scratch, "not-a-folder");
    fs.writeFileSync(file, "");
    const dataDir = path.join(file, "data");
    const child = spawn(process.execPath, ["--import", "tsx", "src/server/main.ts"], {
      env: { ...process.env, DATA_DIR: dataDir, PORT: "0", LOG_LEVEL: "silent" },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stderr = "";
    child.stderr.on("data", (d: Buffer) => (stderr += d.toString()));
    const code = await new Promise<number | null>((resolve) => child.once("exit", resolve));
    expect(code).toBe(1);
    expect(stderr).toContain(`DATA_DIR is not a writable folder: ${dataDir}`);
    expect(stderr).not.toMatch(/^\s+at /m);
    expect(stderr.trim().split("\n")).toHaveLength(1);
  }, 60_000);
});
