/**
 * Sums a V8 CPU profile (`node --cpu-prof`, e.g. the server's from
 * `PROFILE=1 npm run bench:songs`) by self time: the top functions, and the
 * same time by package (node_modules/<package>, the app's own code, Node's
 * internals, or V8's own entries such as the garbage collector); bundled code
 * (dist/) is traced back through its source map to the package and the file
 * it came from. Idle time is left out, so the shares are of the time the
 * process was busy.
 * Run: npx tsx scripts/profile/profile-summary.ts /tmp/prof-songs/<file>.cpuprofile
 *   --last SECONDS  only the samples of the profile's last SECONDS (the last
 *                   load of a bench run, without start-up and sign-ins)
 *   --top N         how many functions to list (25)
 */
import path from "node:path";
import { isV8Entry, ownerOf, profileMs, readCpuProfile, sourceOf, sumSamples } from "./cpu-profile";
import type { CallFrame } from "./cpu-profile";

const args = process.argv.slice(2);
const option = (name: string, fallback: number) => {
  const at = args.indexOf(name);
  return at >= 0 ? Number(args[at + 1]) : fallback;
};
const file = args.find((arg, i) => !arg.startsWith("--") && !args[i - 1]?.startsWith("--"));
if (!file) throw new Error("usage: profile-summary.ts <file.cpuprofile> [--last S] [--top N]");
const lastSeconds = option("--last", Infinity);
const top = option("--top", 25);

const profile = readCpuProfile(file);

/** Which package a frame's own code belongs to (self time: Node's code is its own row). */
function packageRowOf(frame: CallFrame): string {
  if (isV8Entry(frame)) return frame.functionName;
  const owner = ownerOf(frame);
  if (owner) return owner;
  return frame.url.startsWith("node:") ? "node (internals)" : "native";
}

/** Where a frame's code is: a package's file, our source (bundled code through its source map), or Node's. */
function whereOf(frame: CallFrame): string {
  const source = sourceOf(frame);
  if (!source) return frame.url ? `${frame.url}:${frame.lineNumber + 1}` : "";
  const file = source.file.includes("node_modules/")
    ? source.file.replace(/^.*node_modules\//, "")
    : path.relative(process.cwd(), source.file);
  return `${file}:${source.line + 1}`;
}

const fromMs = profileMs(profile) - lastSeconds * 1000;
/** Each function's package (a function is its name and where it is). */
const packages = new Map<string, string>();
const byFunction = sumSamples(
  profile,
  ({ callFrame }) => {
    if (callFrame.functionName === "(idle)") return null;
    const key = `${callFrame.functionName || "(anonymous)"} ${whereOf(callFrame)}`.trim();
    packages.set(key, packageRowOf(callFrame));
    return key;
  },
  fromMs,
);
const byPackage = new Map<string, number>();
for (const [key, ms] of byFunction) {
  const pkg = packages.get(key)!;
  byPackage.set(pkg, (byPackage.get(pkg) ?? 0) + ms);
}
const busy = [...byPackage.values()].reduce((sum, ms) => sum + ms, 0);

const pct = (ms: number) => `${((100 * ms) / busy).toFixed(1).padStart(5)}%`;
console.log(`${file}: ${(busy / 1000).toFixed(2)} s busy (idle left out)\n`);
console.log(`Top ${top} functions by self time:`);
for (const [key, ms] of [...byFunction].sort((a, b) => b[1] - a[1]).slice(0, top)) {
  console.log(`  ${pct(ms)} ${ms.toFixed(0).padStart(7)} ms  [${packages.get(key)}] ${key}`);
}
console.log("\nBy package:");
for (const [pkg, ms] of [...byPackage].sort((a, b) => b[1] - a[1])) {
  console.log(`  ${pct(ms)} ${ms.toFixed(0).padStart(7)} ms  ${pkg}`);
}
