/**
 * The start keeps V8's young generation at its first size, and load after
 * `startDone` grows it as V8 would (decision 128). Each case runs in a child
 * process: a V8 flag holds for its whole process.
 */
import { execFile, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import getPort from "get-port";
import { expect, it } from "vitest";
import { START_GROWTH_FLAG } from "./start-memory";

interface Sizes {
  first: number;
  afterStart: number;
  afterLoad: number;
}

async function youngGeneration(mode: "start" | "plain"): Promise<Sizes> {
  const { stdout } = await promisify(execFile)(process.execPath, [
    "--import",
    "tsx",
    "src/server/test/young-generation-child.ts",
    mode,
  ]);
  return JSON.parse(stdout.trim()) as Sizes;
}

it("does not grow the young generation while the server starts", async () => {
  const sizes = await youngGeneration("start");
  expect(sizes.afterStart).toBe(sizes.first);
}, 30_000);

it("grows it again under load once the server listens", async () => {
  const sizes = await youngGeneration("start");
  expect(sizes.afterLoad).toBeGreaterThan(2 * sizes.first);
}, 30_000);

it("measures something V8 would have grown (the same start without it)", async () => {
  const sizes = await youngGeneration("plain");
  expect(sizes.afterStart).toBeGreaterThan(2 * sizes.first);
}, 30_000);

/** Watches the server's entry set V8's flags: each call, and whether Fastify was loaded yet. */
const FLAG_WATCH = `
import v8 from "node:v8";
import { createRequire } from "node:module";
const cache = createRequire(process.cwd() + "/").cache;
const set = v8.setFlagsFromString;
v8.setFlagsFromString = (flag) => {
  const appLoaded = Object.keys(cache).some((file) => file.includes("/node_modules/fastify/"));
  process.stdout.write(JSON.stringify({ flag, appLoaded }) + "\\n");
  set(flag);
};`;

it("the server's entry sets the start's growth before loading the app, and V8's default once it listens", async () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "portal-start-memory-"));
  const port = await getPort();
  const child = spawn(
    process.execPath,
    [
      "--import",
      "tsx",
      "--import",
      `data:text/javascript,${encodeURIComponent(FLAG_WATCH)}`,
      "src/server/main.ts",
    ],
    {
      env: { ...process.env, DATA_DIR: dataDir, PORT: String(port), LOG_LEVEL: "error" },
      stdio: ["ignore", "pipe", "inherit"],
    },
  );
  const calls: { flag: string; appLoaded: boolean }[] = [];
  child.stdout.on("data", (chunk: Buffer) => {
    for (const line of chunk.toString().split("\n")) {
      if (line.startsWith('{"flag"')) calls.push(JSON.parse(line) as (typeof calls)[number]);
    }
  });
  try {
    await expect.poll(() => calls.length, { timeout: 30_000, interval: 100 }).toBe(2);
    expect(calls).toEqual([
      { flag: START_GROWTH_FLAG, appLoaded: false },
      { flag: "--semi-space-growth-factor=2", appLoaded: true },
    ]);
    // The second call came once the server listened.
    expect((await fetch(`http://127.0.0.1:${port}/api/health/live`)).ok).toBe(true);
  } finally {
    child.kill("SIGKILL");
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}, 60_000);
