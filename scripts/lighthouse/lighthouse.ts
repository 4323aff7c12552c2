/**
 * `npm run lighthouse`: Lighthouse (mobile, default simulated throttling) with
 * Debian Chromium over every screen of the built portal (`npm run build`
 * first), on a fresh data directory with the demo data, signed in as the demo
 * artist, agent or finance agent where the screen needs it. Prints the median of
 * LIGHTHOUSE_RUNS runs (default 3) per route as a Markdown table.
 *
 * The browser reaches the portal through a small proxy that brotli-compresses
 * what the portal sends uncompressed (scripts/lighthouse/compressing-proxy.ts)
 * and passes compressed answers through; the script says which case it measured.
 * The full reports land in .test-output/lighthouse/.
 * LIGHTHOUSE_ROUTES=/login,/songs limits the routes; LIGHTHOUSE_PORT picks the port;
 * LIGHTHOUSE_THROTTLING=devtools throttles the network and CPU for real and
 * reports what was observed, instead of simulating from an unthrottled load
 * (the score's own method, "simulate"): it shows what a change in the order of
 * requests (a preload) does, which the simulation models only roughly.
 * LIGHTHOUSE_TRACE=1 saves each run's trace beside its report (for DevTools'
 * Performance panel: which task is long, and when).
 * LIGHTHOUSE_HTTP2=1 serves the portal to the browser over HTTP/2 with TLS (a
 * self-signed certificate made with openssl), as behind a TLS-terminating
 * reverse proxy: a variant to compare with, not the figure of record, which
 * is measured as the portal itself serves (HTTP/1.1).
 */
import type { ChildProcess } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { readManifest, distWeb, entryKey } from "../build/build-manifest";
import { startCompressingProxy } from "./compressing-proxy";
import { selfSignedCertificate } from "./self-signed-certificate";
import { signInDemo, startPortal, targets } from "./demo-portal";

const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
const SAVE_TRACE = process.env.LIGHTHOUSE_TRACE === "1";
const THROTTLING_METHOD = process.env.LIGHTHOUSE_THROTTLING === "devtools" ? "devtools" : undefined;
/** Lighthouse's default is 4; a host slower than a desktop may calibrate (docs/benchmarks.md). */
const CPU_MULTIPLIER = process.env.LIGHTHOUSE_CPU_MULTIPLIER
  ? Number(process.env.LIGHTHOUSE_CPU_MULTIPLIER)
  : undefined;
const PUBLIC_PORT = Number(process.env.LIGHTHOUSE_PORT ?? 4233);
const HTTP2 = process.env.LIGHTHOUSE_HTTP2 === "1";
const CHROME_PATH = process.env.CHROME_PATH ?? "/usr/bin/chromium";
const children: ChildProcess[] = [];
function stopAll() {
  for (const child of children) if (child.exitCode === null) child.kill("SIGTERM");
}
process.on("exit", stopAll);
process.on("SIGINT", () => process.exit(130));

async function compresses(base: string): Promise<boolean> {
  const entry = readManifest()[entryKey(readManifest())]!.file;
  const response = await fetch(`${base}/${entry}`, { headers: { "accept-encoding": "br, gzip" } });
  await response.arrayBuffer();
  return response.headers.get("content-encoding") !== null;
}

/**
 * A run whose trace recording failed (NO_NAVSTART and the like, seen when the
 * host is overloaded) is run again, at most twice; a result has no score then.
 */
async function runOnce(
  run: () => Promise<Awaited<ReturnType<typeof lighthouse>>>,
): Promise<Awaited<ReturnType<typeof lighthouse>>> {
  for (let attempt = 1; ; attempt++) {
    const result = await run();
    if (!result?.lhr.runtimeError || attempt === 3) return result;
    process.stderr.write("r");
  }
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)]!;
};

interface RunResult {
  perf: number;
  a11y: number;
  bp: number;
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
  failing: string[];
}

async function main() {
  if (!fs.existsSync(path.join(distWeb, "index.html"))) {
    throw new Error("No build found: run `npm run build` first.");
  }
  const publicUrl = `${HTTP2 ? "https" : "http"}://localhost:${PUBLIC_PORT}`;
  const portal = await startPortal(publicUrl, PUBLIC_PORT + 1);
  children.push(portal.child);
  const { base } = portal;
  const origin = publicUrl;
  // The proxy passes answers the portal already compresses through untouched.
  const proxy = await startCompressingProxy(
    PUBLIC_PORT + 1,
    PUBLIC_PORT,
    HTTP2 ? selfSignedCertificate() : undefined,
  );
  if (HTTP2) console.log(`Served over HTTP/2 with TLS at ${publicUrl} (LIGHTHOUSE_HTTP2=1).`);
  console.log(
    (await compresses(base))
      ? "The portal compresses its answers itself."
      : "Note: the portal sends uncompressed answers; measuring through a brotli proxy (scripts/lighthouse/compressing-proxy.ts).",
  );

  const { cookies, ids } = await signInDemo(base, origin);

  const only = process.env.LIGHTHOUSE_ROUTES?.split(",");
  const chosen = only ? targets.filter((t) => only.includes(t.label.split(" ")[0]!)) : targets;
  const chrome = await chromeLauncher.launch({
    chromePath: CHROME_PATH,
    chromeFlags: [
      "--headless",
      "--no-sandbox",
      "--disable-gpu",
      // The variant's certificate is self-signed.
      ...(HTTP2 ? ["--ignore-certificate-errors"] : []),
    ],
  });
  const reportDir = path.resolve(".test-output/lighthouse");
  fs.mkdirSync(reportDir, { recursive: true });
  const rows: string[][] = [];
  const benchmarks: number[] = [];
  const misses: string[] = [];
  try {
    for (const target of chosen) {
      const url = `${publicUrl}${target.path(ids)}`;
      const runs: RunResult[] = [];
      // One unmeasured request first, so no run pays for a cold server
      // (straight to the portal: Node's fetch would refuse the variant's certificate).
      const warm = await fetch(`${base}${target.path(ids)}`, {
        headers: { cookie: cookies[target.who] },
      });
      await warm.arrayBuffer();
      for (let i = 0; i < RUNS; i++) {
        const result = await runOnce(() =>
          lighthouse(url, {
            port: chrome.port,
            output: "json",
            logLevel: "error",
            onlyCategories: ["performance", "accessibility", "best-practices"],
            extraHeaders: cookies[target.who] ? { Cookie: cookies[target.who] } : undefined,
            ...(CPU_MULTIPLIER === undefined
              ? {}
              : { throttling: { cpuSlowdownMultiplier: CPU_MULTIPLIER } }),
            ...(THROTTLING_METHOD ? { throttlingMethod: THROTTLING_METHOD } : {}),
          }),
        );
        if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
        const slug = target.label.replace(/[^a-z0-9]+/gi, "-").replace(/^-|-$/g, "") || "root";
        fs.writeFileSync(path.join(reportDir, `${slug}-${i + 1}.json`), result.report as string);
        if (SAVE_TRACE) {
          fs.writeFileSync(
            path.join(reportDir, `${slug}-${i + 1}.trace.json`),
            JSON.stringify(result.artifacts.Trace),
          );
        }
        const { categories, audits, finalDisplayedUrl } = result.lhr;
        if (new URL(finalDisplayedUrl).pathname !== new URL(url).pathname) {
          throw new Error(`${url} ended at ${finalDisplayedUrl}: not signed in?`);
        }
        const score = (id: string) => Math.round((categories[id]?.score ?? 0) * 100);
        const value = (id: string) => audits[id]?.numericValue ?? NaN;
        benchmarks.push(result.lhr.environment.benchmarkIndex);
        runs.push({
          perf: score("performance"),
          a11y: score("accessibility"),
          bp: score("best-practices"),
          fcp: value("first-contentful-paint"),
          lcp: value("largest-contentful-paint"),
          tbt: value("total-blocking-time"),
          cls: value("cumulative-layout-shift"),
          failing: Object.values(audits)
            .filter(
              (a) =>
                a.score !== null &&
                a.score < 0.9 &&
                a.scoreDisplayMode !== "informative" &&
                a.scoreDisplayMode !== "manual" &&
                a.scoreDisplayMode !== "notApplicable",
            )
            .map((a) => a.id),
        });
        process.stderr.write(".");
      }
      const m = (k: keyof Omit<RunResult, "failing">) => median(runs.map((r) => r[k]));
      const perfs = runs.map((r) => r.perf);
      rows.push([
        target.label,
        `${m("perf")} (${Math.min(...perfs)}–${Math.max(...perfs)})`,
        String(m("a11y")),
        String(m("bp")),
        `${(m("fcp") / 1000).toFixed(2)} s`,
        `${(m("lcp") / 1000).toFixed(2)} s`,
        `${Math.round(m("tbt"))} ms`,
        m("cls").toFixed(3),
      ]);
      const failing = [...new Set(runs.flatMap((r) => r.failing))];
      if (failing.length) misses.push(`${target.label}: ${failing.join(", ")}`);
    }
  } finally {
    chrome.kill();
    proxy.close();
  }
  process.stderr.write("\n");
  const head = ["route", "perf (min–max)", "a11y", "best practices", "FCP", "LCP", "TBT", "CLS"];
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (r: string[]) => `| ${r.map((c, i) => c.padEnd(widths[i]!)).join(" | ")} |`;
  console.log(
    `\nMedian of ${RUNS} run(s), Lighthouse ${lighthouseVersion()}, mobile, CPU slowdown ${CPU_MULTIPLIER ?? 4}×` +
      ` (host benchmarkIndex median ${median(benchmarks)}, range ${Math.min(...benchmarks)}–${Math.max(...benchmarks)}):\n`,
  );
  console.log(line(head));
  console.log(line(widths.map((w) => "-".repeat(w))));
  for (const r of rows) console.log(line(r));
  if (misses.length) console.log(`\nAudits under 0.9 in some run:\n${misses.join("\n")}`);
  stopAll();
}

function lighthouseVersion(): string {
  const pkg = JSON.parse(
    fs.readFileSync(path.resolve("node_modules/lighthouse/package.json"), "utf8"),
  ) as { version: string };
  return pkg.version;
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  stopAll();
  process.exit(1);
});
