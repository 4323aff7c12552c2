/**
 * The start keeps V8's young generation at its first size, and load after
 * `startDone` grows it as V8 would (decision 128). Each case runs in a child
 * process: a V8 flag holds for its whole process.
 */
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { expect, it } from "vitest";

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
