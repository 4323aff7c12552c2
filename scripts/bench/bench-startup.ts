/**
 * Start-up benchmark (a measurement, not a test): time from spawning the
 * server to its first healthy answer, and its idle RSS summed over every
 * process it started, for the compiled server (`node dist/server/main.js`)
 * against the TypeScript loader (`tsx src/server/main.ts`).
 * Run: npm run build && npm run bench:startup   (RUNS=3 by default)
 *   The measure is `npm start` (the npm wrapper's own process and
 *   RSS included) on a data directory with the demo seeded: that is the
 *   `npm-start` variant, and every variant starts on a copy of one seeded
 *   directory (SEED_DEMO=0 starts on an empty one instead).
 *   BASELINE_SERVER=path/to/other/dist/server/main.js adds that build;
 *   STARTUP_VARIANTS=compiled,baseline picks variants. Runs are interleaved
 *   (one of each variant in turn), and the poller's own event-loop lag is printed.
 *   IDLE_MS (5000) is how long each idles before its RSS is read.
 */
import fs from "node:fs";
import os from "node:os";
import { seededDataDir, startUntilHealthy } from "./start-until-healthy";
import { monitorEventLoopDelay } from "node:perf_hooks";

const RUNS = Number(process.env.RUNS ?? 3);
/**
 * RSS is read this long after the healthy answer. V8's memory reducer
 * gives back the young generation a start grew some 15–20 s into idling:
 * IDLE_MS=30000 reads it after that.
 */
const IDLE_MS = Number(process.env.IDLE_MS ?? 5_000);

const allVariants: Record<string, string[]> = {
  "npm-start": ["npm", "start", "--silent"],
  compiled: ["node", "dist/server/main.js"],
  ...(process.env.BASELINE_SERVER ? { baseline: ["node", process.env.BASELINE_SERVER] } : {}),
  tsx: ["npx", "tsx", "src/server/main.ts"],
};
const picked = (process.env.STARTUP_VARIANTS ?? "npm-start,compiled,baseline").split(",");
const variants = Object.fromEntries(
  Object.entries(allVariants).filter(([name]) => picked.includes(name)),
);

/** Every process below `root` (npx → tsx → node → esbuild service count too). */
function processTree(root: number): number[] {
  const children = new Map<number, number[]>();
  for (const entry of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, "utf8");
      const ppid = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
      children.set(ppid, [...(children.get(ppid) ?? []), Number(entry)]);
    } catch {
      // The process ended while we looked.
    }
  }
  const out: number[] = [];
  const walk = (pid: number) => {
    out.push(pid);
    for (const c of children.get(pid) ?? []) walk(c);
  };
  walk(root);
  return out;
}

function rssKb(pid: number): number {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
    return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  } catch {
    return 0;
  }
}

async function measure(cmd: string[], template: string | undefined) {
  const { child, dataDir, healthyMs } = await startUntilHealthy(cmd, template);
  try {
    await new Promise((r) => setTimeout(r, IDLE_MS));
    const pids = processTree(child.pid!);
    const rssMb = pids.reduce((sum, pid) => sum + rssKb(pid), 0) / 1024;
    return { healthyMs, rssMb, processes: pids.length };
  } finally {
    // Stop the whole tree: npx does not always forward the signal.
    for (const pid of processTree(child.pid!).reverse()) {
      try {
        process.kill(pid, "SIGTERM");
      } catch {
        // Already gone.
      }
    }
    await new Promise((r) => child.once("exit", r));
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

const median = (v: number[]) => [...v].sort((a, b) => a - b)[Math.floor(v.length / 2)]!;

if (!fs.existsSync("dist/server/main.js")) throw new Error("run npm run build first");
const template = process.env.SEED_DEMO === "0" ? undefined : seededDataDir();
console.log(
  `Start-up, ${RUNS} runs each, RSS after ${IDLE_MS} ms idle, Node ${process.version}, ` +
    `${template ? "demo seeded" : "empty data directory"}, load ${os.loadavg()[0]}`,
);
const results = new Map<string, Awaited<ReturnType<typeof measure>>[]>();
// The generator's (this poller's) own event-loop lag: a late poll delays "healthy".
const lag = monitorEventLoopDelay({ resolution: 5 });
lag.enable();
for (let i = 0; i < RUNS; i++) {
  for (const [name, cmd] of Object.entries(variants)) {
    results.set(name, [...(results.get(name) ?? []), await measure(cmd, template)]);
  }
}
lag.disable();
if (template) fs.rmSync(template, { recursive: true, force: true });
for (const [name, runs] of results) {
  const healthy = runs.map((r) => r.healthyMs);
  const rss = runs.map((r) => r.rssMb);
  console.log(
    `${name.padEnd(9)} healthy median ${median(healthy).toFixed(0)} ms ` +
      `(${Math.min(...healthy).toFixed(0)}–${Math.max(...healthy).toFixed(0)}), ` +
      `idle RSS median ${median(rss).toFixed(0)} MB ` +
      `(${Math.min(...rss).toFixed(0)}–${Math.max(...rss).toFixed(0)}) ` +
      `over ${runs[0]!.processes} process(es)`,
  );
}
console.log(
  `poller event-loop lag p99 ${(lag.percentile(99) / 1e6).toFixed(1)} ms, ` +
    `max ${(lag.max / 1e6).toFixed(1)} ms; load ${os.loadavg()[0]}`,
);
