/**
 * `npm run build && npm run size`: what headless Chromium actually fetches
 * before a route is interactive, from its network log.
 *
 * Starts the built portal (`dist/`) on a fresh data directory with the demo
 * data, signs in as the demo artist, and opens each measured route in Debian
 * Chromium (CHROME_PATH, default /usr/bin/chromium; `--no-sandbox`), with the
 * service worker blocked so a run never reads from a previous one's cache.
 * The portal sends its precompressed brotli files itself (decision 022), so
 * the transfer size Chromium reports for each response body is the brotli
 * size. A route counts as interactive when its content has rendered (SELECTORS
 * below) and the network has then been idle for 500 ms (nothing more was
 * asked for: the chunks imported after the first paint, socket.io-client
 * among them, are in); every request made until then is listed, and the
 * scripts and stylesheets among them are summed against the budget.
 *
 * Exits 1 when signed-in `/` or `/chat/:id` fetched more than 120 KB of
 * JavaScript and CSS (the CSS is inlined into the page, decision 023, so
 * normally none is fetched).
 * SIZE_VERBOSE=0 prints only the totals; SIZE_DIST=other/dist measures
 * another build (a baseline copied aside) the same way.
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { chromium, type Page, type Request } from "@playwright/test";
import getPort from "get-port";

const BUDGET = 120 * 1024;
const CHROME_PATH = process.env.CHROME_PATH ?? "/usr/bin/chromium";
const VERBOSE = process.env.SIZE_VERBOSE !== "0";
const PASSWORD = "Demo-pass-1";
const DIST = process.env.SIZE_DIST ?? "dist";

interface Target {
  label: string;
  signedIn: boolean;
  budgeted: boolean;
  path: (ids: { agentId: string }) => string;
  /** What is on screen once the route has rendered its content. */
  ready: string;
}
const targets: Target[] = [
  {
    label: "/login (signed out)",
    signedIn: false,
    budgeted: false,
    path: () => "/login",
    ready: "form",
  },
  {
    label: "/ (signed in)",
    signedIn: true,
    budgeted: true,
    path: () => "/",
    ready: "main a[href^='/chat/']",
  },
  {
    label: "/chat/:id (signed in)",
    signedIn: true,
    budgeted: true,
    path: (ids) => `/chat/${ids.agentId}`,
    ready: "main textarea",
  },
];

const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
const children: ChildProcess[] = [];
process.on("exit", () => {
  for (const child of children) if (child.exitCode === null) child.kill("SIGTERM");
});

async function startPortal() {
  if (
    !fs.existsSync(path.join(DIST, "web/index.html")) ||
    !fs.existsSync(`${DIST}/server/main.js`)
  ) {
    throw new Error("No build found: run `npm run build` first.");
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "portal-size-"));
  process.on("exit", () => fs.rmSync(dataDir, { recursive: true, force: true }));
  const port = await getPort();
  const origin = `http://localhost:${port}`;
  const env = {
    ...process.env,
    NODE_ENV: "production",
    DATA_DIR: dataDir,
    PORT: String(port),
    HOST: "127.0.0.1",
    PUBLIC_URL: origin,
    LOG_LEVEL: "warn",
  };
  const seed = spawnSync(process.execPath, [`${DIST}/cli/main.js`, "seed-demo"], {
    env,
    stdio: ["ignore", "ignore", "inherit"],
  });
  if (seed.status !== 0) throw new Error("seed-demo failed");
  const child = spawn(process.execPath, [`${DIST}/server/main.js`], { env, stdio: "inherit" });
  children.push(child);
  for (let i = 0; i < 300; i++) {
    if (child.exitCode !== null) throw new Error("the portal exited on start");
    const ok = await fetch(`${origin}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return origin;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error("the portal did not become healthy");
}

async function signIn(origin: string, email: string) {
  const response = await fetch(`${origin}/api/auth/sign-in/email`, {
    method: "POST",
    headers: { "content-type": "application/json", origin },
    body: JSON.stringify({ email, password: PASSWORD }),
  });
  if (!response.ok) throw new Error(`sign-in as ${email} failed: ${response.status}`);
  const cookie = response.headers
    .getSetCookie()
    .map((c) => c.split(";")[0]!)
    .join("; ");
  const contacts = (await (
    await fetch(`${origin}/api/chat/contacts`, { headers: { cookie } })
  ).json()) as { userId: string }[] | { items: { userId: string }[] };
  const list = Array.isArray(contacts) ? contacts : contacts.items;
  return { cookie, agentId: list[0]!.userId };
}

interface Fetched {
  url: string;
  type: string;
  bytes: number;
  status: number;
  encoding: string;
}

async function measure(page: Page, url: string, ready: string) {
  const fetched: Fetched[] = [];
  const pending: Promise<void>[] = [];
  const record = (request: Request) =>
    pending.push(
      (async () => {
        const response = await request.response();
        const sizes = await request.sizes().catch(() => null);
        fetched.push({
          url: request.url(),
          type: request.resourceType(),
          // The response body as it crossed the wire (brotli when encoded).
          bytes: sizes?.responseBodySize ?? 0,
          status: response?.status() ?? 0,
          encoding: (await response?.headerValue("content-encoding")) ?? "",
        });
      })(),
    );
  page.on("requestfinished", record);
  page.on("requestfailed", record);
  await page.goto(url, { waitUntil: "load" });
  await page.locator(ready).first().waitFor({ timeout: 30_000 });
  await page.waitForLoadState("networkidle");
  page.off("requestfinished", record);
  page.off("requestfailed", record);
  await Promise.all(pending);
  return fetched;
}

async function main() {
  const origin = await startPortal();
  const artist = await signIn(origin, "artist@demo.test");
  const browser = await chromium.launch({ executablePath: CHROME_PATH, args: ["--no-sandbox"] });
  let over = false;
  const totals: string[][] = [];
  try {
    for (const target of targets) {
      const context = await browser.newContext({ serviceWorkers: "block" });
      if (target.signedIn) {
        await context.addCookies(
          artist.cookie.split("; ").map((pair) => {
            const eq = pair.indexOf("=");
            return { name: pair.slice(0, eq), value: pair.slice(eq + 1), url: origin };
          }),
        );
      }
      const page = await context.newPage();
      const fetched = await measure(page, `${origin}${target.path(artist)}`, target.ready);
      await context.close();

      const code = fetched.filter((f) => f.type === "script" || f.type === "stylesheet");
      const js = code.reduce((sum, f) => sum + f.bytes, 0);
      const all = fetched.reduce((sum, f) => sum + f.bytes, 0);
      const plain = code.filter((f) => f.encoding !== "br");
      const verdict = target.budgeted ? (js > BUDGET ? "OVER" : "ok") : "";
      if (target.budgeted && js > BUDGET) over = true;
      totals.push([target.label, kb(js), String(code.length), kb(all), verdict]);
      if (VERBOSE) {
        console.log(`\n${target.label}: ${fetched.length} requests before interactive`);
        for (const f of fetched) {
          const name = new URL(f.url).pathname + new URL(f.url).search;
          console.log(
            `  ${kb(f.bytes).padStart(9)}  ${f.type.padEnd(10)} ${String(f.status).padEnd(4)}` +
              `${(f.encoding || "-").padEnd(5)} ${name}`,
          );
        }
      }
      if (plain.length > 0) {
        console.warn(`  note: ${plain.length} script(s) not sent as brotli: counted as sent`);
      }
    }
  } finally {
    await browser.close();
  }
  const head = ["route", "JS + CSS fetched (br)", "files", "all requests", "≤ 120 KB"];
  const widths = head.map((h, i) => Math.max(h.length, ...totals.map((r) => r[i]!.length)));
  const line = (r: string[]) => r.map((c, i) => c.padEnd(widths[i]!)).join("  ");
  console.log(`\n${line(head)}`);
  for (const r of totals) console.log(line(r));
  if (over) {
    console.error(`Over the ${kb(BUDGET)} brotli budget.`);
    process.exitCode = 1;
  }
}

await main();
process.exit();
