/**
 * `npm run profile:page -- /chat/:id`: where a screen's main-thread time goes
 * on its first load, by source file. Build with source maps first
 * (`WEB_SOURCEMAP=1 npm run build`) so the bundles' code is traced back to
 * our files and the packages; without them a bundle counts as one.
 *
 * Each run loads the screen in a new browser context (a cold renderer, as a
 * first visit: no HTTP cache, no service worker) of Debian's Chromium with a
 * phone's viewport, signed in as the screen's demo account, and records V8's
 * CPU profile (sampled every 100 µs) from the navigation until 2 s after the
 * load. Prints the median over PROFILE_RUNS runs (default 5) of each source's
 * self time, and of the whole: "(program)" is the browser's own work (style,
 * layout, paint), outside any script.
 * PROFILE_CPU=4 throttles the CPU as Lighthouse's mobile run assumes.
 * The screen is named as in `npm run lighthouse` (its label's first word).
 * PROFILE_BY=function counts each function (file:line name) instead of each
 * source: which hook or component of a file costs (build with WEB_MINIFY=0
 * for readable names).
 */
import fs from "node:fs";
import path from "node:path";
import { chromium } from "@playwright/test";
import { packageOf, sourceOf, sumSamples, type CpuProfile } from "./cpu-profile";
import { signInDemo, startPortal, targets } from "../lighthouse/demo-portal";
import { newPhoneContext } from "../lighthouse/phone-context";

const RUNS = Number(process.env.PROFILE_RUNS ?? 5);
const CPU = Number(process.env.PROFILE_CPU ?? 1);
const PORT = Number(process.env.PROFILE_PORT ?? 4243);
const TOP = 25;
const BY_FUNCTION = process.env.PROFILE_BY === "function";

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)] ?? 0;
};

/** A profile whose frames point at the built files on disk, where their source maps are. */
function withBuiltFiles(profile: CpuProfile, base: string): CpuProfile {
  const webRoot = path.resolve("dist/web");
  for (const node of profile.nodes) {
    const { url } = node.callFrame;
    if (url.startsWith(`${base}/assets/`)) {
      node.callFrame.url = `file://${webRoot}${url.slice(base.length)}`;
    }
  }
  return profile;
}

/** What a frame's time counts for: our file, the package, the page's HTML, or the browser. */
function sourceKey(frame: CpuProfile["nodes"][number]["callFrame"]): string {
  if (frame.url === "")
    return frame.functionName.startsWith("(") ? frame.functionName : "(browser)";
  if (!frame.url.startsWith("file://")) return "(the page's HTML)";
  const source = sourceOf(frame);
  if (!source) return "(browser)";
  const owner = packageOf(source.file);
  const where = owner === "app" ? path.relative(process.cwd(), source.file) : owner;
  return BY_FUNCTION ? `${where}:${source.line} ${frame.functionName || "(anonymous)"}` : where;
}

async function main() {
  const label = process.argv[2] ?? "/chat/:id";
  const target = targets.find((t) => t.label.split(" ")[0] === label);
  if (!target) throw new Error(`No screen ${label}: ${targets.map((t) => t.label).join(", ")}`);
  if (!fs.existsSync("dist/web/index.html")) throw new Error("No build: run `npm run build`.");
  const maps = fs.readdirSync("dist/web/assets").some((f) => f.endsWith(".js.map"));

  const publicUrl = `http://localhost:${PORT}`;
  const portal = await startPortal(publicUrl, PORT);
  const browser = await chromium.launch({
    executablePath: process.env.CHROME_PATH ?? "/usr/bin/chromium",
    args: ["--no-sandbox", "--disable-background-networking"],
  });
  try {
    const { cookies, ids } = await signInDemo(portal.base, publicUrl);
    const url = `${publicUrl}${target.path(ids)}`;
    const runs: Map<string, number>[] = [];
    for (let i = 0; i < RUNS; i++) {
      const context = await newPhoneContext(browser, publicUrl, cookies[target.who]);
      const page = await context.newPage();
      const cdp = await context.newCDPSession(page);
      if (CPU > 1) await cdp.send("Emulation.setCPUThrottlingRate", { rate: CPU });
      await cdp.send("Profiler.enable");
      await cdp.send("Profiler.setSamplingInterval", { interval: 100 });
      await cdp.send("Profiler.start");
      await page.goto(url, { waitUntil: "load" });
      await page.waitForTimeout(2000 * CPU);
      const { profile } = await cdp.send("Profiler.stop");
      if (new URL(page.url()).pathname !== new URL(url).pathname) {
        throw new Error(`${url} ended at ${page.url()}: not signed in?`);
      }
      await context.close();
      const built = withBuiltFiles(profile as CpuProfile, publicUrl);
      runs.push(sumSamples(built, (node) => sourceKey(node.callFrame)));
      process.stderr.write(".");
    }
    process.stderr.write("\n");

    const keys = new Set(runs.flatMap((run) => [...run.keys()]));
    const rows = [...keys]
      .filter((key) => key !== "(idle)" && key !== "(root)")
      .map((key) => ({ key, ms: median(runs.map((run) => run.get(key) ?? 0)) }))
      .sort((a, b) => b.ms - a.ms);
    const busy = median(
      runs.map((run) =>
        [...run].filter(([k]) => k !== "(idle)" && k !== "(root)").reduce((s, [, ms]) => s + ms, 0),
      ),
    );
    console.log(
      `\n${target.label}, first load, median of ${RUNS} run(s), CPU ${CPU}×` +
        `${maps ? "" : " (no source maps: build with WEB_SOURCEMAP=1 to see our files)"}:` +
        `\nmain thread busy ${busy.toFixed(0)} ms\n`,
    );
    console.log("| self ms | source |\n| ------: | ------ |");
    for (const row of rows.slice(0, TOP)) console.log(`| ${row.ms.toFixed(1)} | ${row.key} |`);
  } finally {
    await browser.close();
    portal.child.kill("SIGTERM");
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
