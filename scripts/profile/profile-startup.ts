/**
 * Where the compiled server's start-up goes (a measurement, not a test):
 * starts `node --cpu-prof dist/server/main.js` on a fresh DATA_DIR, stops it
 * once /api/health answers, and sums the CPU profile's samples by package.
 * A sample in Node's own code (module loading, compiling) counts for the
 * nearest caller outside it, so a package's row includes loading what it
 * requires from Node; "app" is dist/ itself.
 * Run: npm run build:server && npx tsx scripts/profile/profile-startup.ts
 *   SERVER=path/to/main.js profiles another build; TOP=25 rows are printed;
 *   PROFILE_DIR keeps the .cpuprofile (a temporary folder otherwise);
 *   TEMPLATE_DIR starts on a copy of that data directory (a seeded demo).
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { readCpuProfile, sumByOwner } from "./cpu-profile";
import { startUntilHealthy } from "../bench/start-until-healthy";

const SERVER = process.env.SERVER ?? "dist/server/main.js";
const TOP = Number(process.env.TOP ?? 25);

async function profileOnce(): Promise<{ healthyMs: number; file: string }> {
  const profileDir = process.env.PROFILE_DIR ?? fs.mkdtempSync(path.join(os.tmpdir(), "prof-"));
  const { child, dataDir, healthyMs } = await startUntilHealthy(
    ["node", "--cpu-prof", `--cpu-prof-dir=${profileDir}`, SERVER],
    process.env.TEMPLATE_DIR,
  );
  const exited = new Promise((r) => child.once("exit", r));
  child.kill("SIGTERM");
  await exited;
  fs.rmSync(dataDir, { recursive: true, force: true });
  const name = fs.readdirSync(profileDir).find((f) => f.endsWith(".cpuprofile"));
  if (!name) throw new Error("no .cpuprofile written");
  return { healthyMs, file: path.join(profileDir, name) };
}

const { healthyMs, file } = await profileOnce();
const totals = [...sumByOwner(readCpuProfile(file))].sort((a, b) => b[1] - a[1]);
const all = totals.reduce((s, [, ms]) => s + ms, 0);
console.log(`healthy after ${healthyMs.toFixed(0)} ms (with the profiler); profile ${file}`);
console.log(`sampled ${all.toFixed(0)} ms, load ${os.loadavg()[0]}`);
for (const [key, ms] of totals.slice(0, TOP)) {
  console.log(`${ms.toFixed(1).padStart(8)} ms  ${key}`);
}
