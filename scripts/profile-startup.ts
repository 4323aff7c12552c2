/**
 * Where the compiled server's start-up goes (a measurement, not a test):
 * starts `node --cpu-prof dist/server/main.js` on a fresh DATA_DIR, stops it
 * once /api/health answers, and sums the CPU profile's samples by package.
 * A sample in Node's own code (module loading, compiling) counts for the
 * nearest caller outside it, so a package's row includes loading what it
 * requires from Node; "app" is dist/ itself.
 * Run: npm run build:server && npx tsx scripts/profile-startup.ts
 *   SERVER=path/to/main.js profiles another build; TOP=25 rows are printed;
 *   PROFILE_DIR keeps the .cpuprofile (a temporary folder otherwise).
 */
import fs from "node:fs";
import { SourceMap } from "node:module";
import os from "node:os";
import path from "node:path";
import { startUntilHealthy } from "./start-until-healthy";

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  children?: number[];
}
interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

const SERVER = process.env.SERVER ?? "dist/server/main.js";
const TOP = Number(process.env.TOP ?? 25);

/** The package a file belongs to, "app" outside node_modules. */
function packageOf(file: string): string {
  const match = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(file);
  return match ? match[1]! : "app";
}

const sourceMaps = new Map<string, SourceMap | null>();

/** The bundle's source map, when the file has one beside it. */
function sourceMapOf(url: string): SourceMap | null {
  if (!sourceMaps.has(url)) {
    const file = `${url.replace(/^file:\/\//, "")}.map`;
    sourceMaps.set(
      url,
      fs.existsSync(file)
        ? new SourceMap(JSON.parse(fs.readFileSync(file, "utf8")) as never)
        : null,
    );
  }
  return sourceMaps.get(url)!;
}

/**
 * The package a frame's code belongs to, "app" for our sources, null for
 * Node's own code. Bundled code is traced back through the bundle's source
 * map, so a package keeps its name inside dist/.
 */
function ownerOf(frame: ProfileNode["callFrame"]): string | null {
  const { url } = frame;
  if (url === "" || url.startsWith("node:")) return null;
  const map = url.includes("/dist/") ? sourceMapOf(url) : null;
  const entry = map?.findEntry(frame.lineNumber, frame.columnNumber);
  const original = entry && "originalSource" in entry ? entry.originalSource : undefined;
  return packageOf(original ?? url);
}

/** Milliseconds per owner: special V8 nodes by name, Node's code by its nearest owned caller. */
export function sumByOwner(profile: CpuProfile): Map<string, number> {
  const parent = new Map<number, number>();
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const ownerCache = new Map<number, string>();
  const owner = (id: number): string => {
    const cached = ownerCache.get(id);
    if (cached) return cached;
    const { functionName, url } = byId.get(id)!.callFrame;
    let found: string;
    if (functionName.startsWith("(") && url === "") found = functionName;
    else {
      const own = ownerOf(byId.get(id)!.callFrame);
      const up = parent.get(id);
      found = own ?? (up === undefined ? "node (top level)" : owner(up));
      if (found === "(root)") found = "node";
    }
    ownerCache.set(id, found);
    return found;
  };
  const totals = new Map<string, number>();
  profile.samples.forEach((id, i) => {
    const key = owner(id);
    totals.set(key, (totals.get(key) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000);
  });
  return totals;
}

async function profileOnce(): Promise<{ healthyMs: number; file: string }> {
  const profileDir = process.env.PROFILE_DIR ?? fs.mkdtempSync(path.join(os.tmpdir(), "prof-"));
  const { child, dataDir, healthyMs } = await startUntilHealthy([
    "node",
    "--cpu-prof",
    `--cpu-prof-dir=${profileDir}`,
    SERVER,
  ]);
  const exited = new Promise((r) => child.once("exit", r));
  child.kill("SIGTERM");
  await exited;
  fs.rmSync(dataDir, { recursive: true, force: true });
  const name = fs.readdirSync(profileDir).find((f) => f.endsWith(".cpuprofile"));
  if (!name) throw new Error("no .cpuprofile written");
  return { healthyMs, file: path.join(profileDir, name) };
}

if (process.argv[1]?.endsWith("profile-startup.ts")) {
  const { healthyMs, file } = await profileOnce();
  const profile = JSON.parse(fs.readFileSync(file, "utf8")) as CpuProfile;
  const totals = [...sumByOwner(profile)].sort((a, b) => b[1] - a[1]);
  const all = totals.reduce((s, [, ms]) => s + ms, 0);
  console.log(`healthy after ${healthyMs.toFixed(0)} ms (with the profiler); profile ${file}`);
  console.log(`sampled ${all.toFixed(0)} ms, load ${os.loadavg()[0]}`);
  for (const [key, ms] of totals.slice(0, TOP)) {
    console.log(`${ms.toFixed(1).padStart(8)} ms  ${key}`);
  }
}
