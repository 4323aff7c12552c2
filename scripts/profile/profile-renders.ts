/**
 * `npm run profile:renders -- /chat/:id`: a screen's first load under 4×
 * CPU throttling (as Lighthouse's mobile run assumes, but throttled for real),
 * in a new phone-sized browser context signed in as the screen's demo
 * account: how many React commits it makes, and the main thread's blocking
 * time after the first contentful paint (each long task's time beyond 50 ms,
 * Lighthouse's definition) until RENDERS_WAIT_MS (default 6,000) after the
 * load. Prints each run, the median of RENDERS_RUNS (default 5) and the
 * spread, then the commits of the first run: when, how many components got
 * new props, and which rendered for their own state (which hook, what value;
 * build with WEB_MINIFY=0 to read the names).
 * Needs a build (`npm run build`); the screen is named as in `npm run lighthouse`.
 */
import fs from "node:fs";
import { chromium } from "@playwright/test";
import { signInDemo, startPortal, targets } from "../lighthouse/demo-portal";
import { newPhoneContext } from "../lighthouse/phone-context";
import {
  readRecordedLoad,
  renderRecorderScript,
  type RecordedLoad,
} from "../lighthouse/render-recorder";

const RUNS = Number(process.env.RENDERS_RUNS ?? 5);
const WAIT_MS = Number(process.env.RENDERS_WAIT_MS ?? 6000);
const CPU = Number(process.env.RENDERS_CPU ?? 4);
const PORT = Number(process.env.RENDERS_PORT ?? 4246);

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)] ?? 0;
};

/** Lighthouse's total blocking time, from first paint on, over what was observed. */
function blockingTime(load: RecordedLoad): number {
  const from = load.fcp ?? 0;
  return load.tasks
    .filter((task) => task.start >= from)
    .reduce((sum, task) => sum + Math.max(0, task.duration - 50), 0);
}

async function main() {
  const label = process.argv[2] ?? "/chat/:id";
  const target = targets.find((t) => t.label.split(" ")[0] === label);
  if (!target) throw new Error(`No screen ${label}: ${targets.map((t) => t.label).join(", ")}`);
  if (!fs.existsSync("dist/web/index.html")) throw new Error("No build: run `npm run build`.");

  const publicUrl = `http://localhost:${PORT}`;
  const portal = await startPortal(publicUrl, PORT);
  const browser = await chromium.launch({
    executablePath: process.env.CHROME_PATH ?? "/usr/bin/chromium",
    args: ["--no-sandbox", "--disable-background-networking"],
  });
  try {
    const { cookies, ids } = await signInDemo(portal.base, publicUrl);
    const url = `${publicUrl}${target.path(ids)}`;
    const loads: RecordedLoad[] = [];
    for (let i = 0; i < RUNS; i++) {
      const context = await newPhoneContext(browser, publicUrl, cookies[target.who]);
      await context.addInitScript({ content: renderRecorderScript });
      const page = await context.newPage();
      const cdp = await context.newCDPSession(page);
      if (CPU > 1) await cdp.send("Emulation.setCPUThrottlingRate", { rate: CPU });
      await page.goto(url, { waitUntil: "load" });
      await page.waitForTimeout(WAIT_MS);
      if (new URL(page.url()).pathname !== new URL(url).pathname) {
        throw new Error(`${url} ended at ${page.url()}: not signed in?`);
      }
      const load = await page.evaluate(readRecordedLoad);
      loads.push(load);
      await context.close();
      console.log(
        `run ${i + 1}: ${load.commits.length} commits, first paint ${(load.fcp ?? 0).toFixed(0)} ms, ` +
          `${load.tasks.length} long tasks, blocking time after it ${blockingTime(load).toFixed(0)} ms`,
      );
    }
    const commits = loads.map((load) => load.commits.length);
    const blocking = loads.map(blockingTime);
    console.log(
      `\n${target.label}, first load, CPU ${CPU}×, median of ${RUNS}: ` +
        `${median(commits)} React commits (${Math.min(...commits)}–${Math.max(...commits)}), ` +
        `blocking time ${median(blocking).toFixed(0)} ms ` +
        `(${Math.min(...blocking).toFixed(0)}–${Math.max(...blocking).toFixed(0)})\n`,
    );
    console.log("Commits of run 1 (ms since navigation; components with new props; own state):");
    for (const commit of loads[0]?.commits ?? []) {
      console.log(
        `  ${commit.at.toFixed(0).padStart(6)}  ${String(commit.withNewProps).padStart(3)}  ` +
          commit.ownState.join("; "),
      );
    }
  } finally {
    await browser.close();
    portal.child.kill("SIGTERM");
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
