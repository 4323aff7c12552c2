/**
 * Sums a V8 CPU profile (`node --cpu-prof`, e.g. the server's from
 * `PROFILE=1 npm run bench:songs`) by self time: the top functions, and the
 * same time by package (node_modules/<package>, the app's own code, Node's
 * internals, or V8's own entries such as the garbage collector). Idle time is
 * left out, so the shares are of the time the process was busy.
 * Run: npx tsx scripts/profile-summary.ts /tmp/prof-songs/<file>.cpuprofile
 *   --last SECONDS  only the samples of the profile's last SECONDS (the last
 *                   load of a bench run, without start-up and sign-ins)
 *   --top N         how many functions to list (25)
 */
import fs from "node:fs";

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

const args = process.argv.slice(2);
const option = (name: string, fallback: number) => {
  const at = args.indexOf(name);
  return at >= 0 ? Number(args[at + 1]) : fallback;
};
const file = args.find((arg, i) => !arg.startsWith("--") && !args[i - 1]?.startsWith("--"));
if (!file) throw new Error("usage: profile-summary.ts <file.cpuprofile> [--last S] [--top N]");
const lastSeconds = option("--last", Infinity);
const top = option("--top", 25);

const profile = JSON.parse(fs.readFileSync(file, "utf8")) as Profile;
const nodes = new Map(profile.nodes.map((node) => [node.id, node]));

/** Which package a frame's code belongs to. */
function packageOf(url: string, name: string): string {
  const modules = url.lastIndexOf("node_modules/");
  if (modules >= 0) {
    const [first, second] = url.slice(modules + "node_modules/".length).split("/");
    return first?.startsWith("@") ? `${first}/${second}` : (first ?? url);
  }
  if (url.startsWith("node:")) return "node (internals)";
  if (url === "") return name.startsWith("(") ? name : "native";
  return "app";
}

// Each sample's time is the delta to the next sample (the last one's is unknown).
const times = profile.samples.map((_, i) => (profile.timeDeltas[i + 1] ?? 0) / 1000);
const totalMs = times.reduce((sum, t) => sum + t, 0);
const fromMs = totalMs - lastSeconds * 1000;
const byFunction = new Map<string, { ms: number; pkg: string }>();
const byPackage = new Map<string, number>();
let elapsed = 0;
let busy = 0;
for (const [i, id] of profile.samples.entries()) {
  const ms = times[i]!;
  elapsed += ms;
  const node = nodes.get(id);
  if (elapsed < fromMs || !node || node.callFrame.functionName === "(idle)") continue;
  const { functionName, url, lineNumber } = node.callFrame;
  const pkg = packageOf(url, functionName);
  const where = url
    ? `${url.replace(/^.*node_modules\//, "").replace(/^file:\/\//, "")}:${lineNumber + 1}`
    : "";
  const key = `${functionName || "(anonymous)"} ${where}`.trim();
  const entry = byFunction.get(key) ?? { ms: 0, pkg };
  entry.ms += ms;
  byFunction.set(key, entry);
  byPackage.set(pkg, (byPackage.get(pkg) ?? 0) + ms);
  busy += ms;
}

const pct = (ms: number) => `${((100 * ms) / busy).toFixed(1).padStart(5)}%`;
console.log(`${file}: ${(busy / 1000).toFixed(2)} s busy (idle left out)\n`);
console.log(`Top ${top} functions by self time:`);
for (const [key, { ms, pkg }] of [...byFunction].sort((a, b) => b[1].ms - a[1].ms).slice(0, top)) {
  console.log(`  ${pct(ms)} ${ms.toFixed(0).padStart(7)} ms  [${pkg}] ${key}`);
}
console.log("\nBy package:");
for (const [pkg, ms] of [...byPackage].sort((a, b) => b[1] - a[1])) {
  console.log(`  ${pct(ms)} ${ms.toFixed(0).padStart(7)} ms  ${pkg}`);
}
