/**
 * `npm run lighthouse`: Lighthouse (mobile, default simulated throttling) with
 * Debian Chromium over every screen of the built portal (`npm run build`
 * first), on a fresh data directory with the demo data, signed in as the demo
 * artist or agent where the screen needs it. Prints the median of
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
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { readManifest, distWeb, entryKey } from "./build-manifest";
import { startCompressingProxy } from "./lighthouse/compressing-proxy";
import { selfSignedCertificate } from "./lighthouse/self-signed-certificate";

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
const PASSWORD = "Demo-pass-1";

type Who = "anonymous" | "artist" | "agent";
interface Target {
  label: string;
  who: Who;
  /** The URL path; a function when it needs an id from the demo data. */
  path: (ids: DemoIds) => string;
}
interface DemoIds {
  agentId: string;
  artistId: string;
  songId: string;
}

const targets: Target[] = [
  { label: "/login", who: "anonymous", path: () => "/login" },
  { label: "/register", who: "anonymous", path: () => "/register" },
  { label: "/ (chat list)", who: "artist", path: () => "/" },
  { label: "/chat/:id", who: "artist", path: (ids) => `/chat/${ids.agentId}` },
  { label: "/songs", who: "artist", path: () => "/songs" },
  { label: "/song/:id", who: "artist", path: (ids) => `/song/${ids.songId}` },
  { label: "/wallet", who: "artist", path: () => "/wallet" },
  { label: "/settings", who: "artist", path: () => "/settings" },
  { label: "/artist-account", who: "artist", path: () => "/artist-account" },
  { label: "/change-password", who: "artist", path: () => "/change-password" },
  { label: "/manage-account", who: "artist", path: () => "/manage-account" },
  { label: "/ (agent inbox)", who: "agent", path: () => "/" },
  { label: "/inbox/:id (agent)", who: "agent", path: (ids) => `/inbox/${ids.artistId}` },
  { label: "/desk/songs (song desk)", who: "agent", path: () => "/desk/songs" },
  { label: "/saved-replies (agent)", who: "agent", path: () => "/saved-replies" },
];

const children: ChildProcess[] = [];
function stopAll() {
  for (const child of children) if (child.exitCode === null) child.kill("SIGTERM");
}
process.on("exit", stopAll);
process.on("SIGINT", () => process.exit(130));

/** Node with the tsx loader, or plain node for a compiled file. */
function nodeArgs(file: string): string[] {
  return file.endsWith(".ts") ? ["--import", "tsx", file] : [file];
}

async function startPortal(publicUrl: string, port: number) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "portal-lighthouse-"));
  process.on("exit", () => fs.rmSync(dataDir, { recursive: true, force: true }));
  const env = {
    ...process.env,
    DATA_DIR: dataDir,
    PORT: String(port),
    PUBLIC_URL: publicUrl,
    AUTH_RATE_LIMIT_PER_MINUTE: "1000",
    LOG_LEVEL: "warn",
  };
  // Prefer the compiled server and CLI when the build has them.
  const server = fs.existsSync("dist/server/main.js")
    ? "dist/server/main.js"
    : "src/server/main.ts";
  const cli = fs.existsSync("dist/cli/main.js") ? "dist/cli/main.js" : "src/cli/main.ts";
  const seed = spawnSync(process.execPath, [...nodeArgs(cli), "seed-demo"], {
    env,
    stdio: ["ignore", "ignore", "inherit"],
  });
  if (seed.status !== 0) throw new Error("seed-demo failed");
  const child = spawn(process.execPath, nodeArgs(server), { env, stdio: "inherit" });
  children.push(child);
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 300; i++) {
    if (child.exitCode !== null) throw new Error("the portal exited on start");
    const ok = await fetch(`${base}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return base;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error("the portal did not become healthy");
}

async function signIn(base: string, origin: string, email: string): Promise<string> {
  const response = await fetch(`${base}/api/auth/sign-in/email`, {
    method: "POST",
    headers: { "content-type": "application/json", origin },
    body: JSON.stringify({ email, password: PASSWORD }),
  });
  if (!response.ok) throw new Error(`sign-in as ${email} failed: ${response.status}`);
  return response.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
}

async function getJson<T>(base: string, url: string, cookie: string): Promise<T> {
  const response = await fetch(`${base}${url}`, { headers: { cookie } });
  if (!response.ok) throw new Error(`${url}: ${response.status}`);
  return (await response.json()) as T;
}

const listOf = <T>(body: T[] | { items: T[] }): T[] => (Array.isArray(body) ? body : body.items);

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
  const base = await startPortal(publicUrl, PUBLIC_PORT + 1);
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

  const cookies: Record<Who, string> = {
    anonymous: "",
    artist: await signIn(base, origin, "artist@demo.test"),
    agent: await signIn(base, origin, "agent1@demo.test"),
  };
  const agents = listOf(
    await getJson<{ userId: string }[]>(base, "/api/chat/contacts", cookies.artist),
  );
  const inbox = listOf(
    await getJson<{ userId: string }[]>(base, "/api/chat/contacts", cookies.agent),
  );
  const songs = listOf(
    await getJson<{ items: { id: string }[] }>(base, "/api/songs", cookies.artist),
  );
  const ids: DemoIds = {
    agentId: agents[0]!.userId,
    artistId: inbox[0]?.userId ?? agents[0]!.userId,
    songId: songs[0]!.id,
  };

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
