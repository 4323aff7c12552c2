/**
 * `npm run build && npm run size`: what headless Chromium actually fetches
 * before a route is interactive, from its network log, on every route of the
 * app (src/web/app/route-chunks.ts, a check below keeps the two in step).
 *
 * Starts the built portal (`dist/`) on a fresh data directory with the demo
 * data, signs in as the demo artist, agent or finance agent as the route
 * needs, and opens each route in Debian Chromium (CHROME_PATH, default
 * /usr/bin/chromium; `--no-sandbox`), with the service worker blocked so a
 * run never reads from a previous one's cache. The portal sends its
 * precompressed brotli files itself (decision 022), so the transfer size
 * Chromium reports for each response body is the brotli size. A route counts
 * as interactive when its content has rendered (its `ready` selector, or by
 * default: the app has replaced the skeleton and nothing in it is busy) and
 * the network has then been idle for 500 ms (nothing more was asked for: the
 * chunks imported after the first paint, socket.io-client among them, are
 * in); every request made until then is listed, and the scripts and
 * stylesheets among them are summed against the budget.
 *
 * Exits 1 when any route fetched more than 100 KB of JavaScript and CSS
 * (issue 48: every route, the release form, the desk's review and
 * `/chat/:id` included; issue 46: `/wallet` and `/wallet/earnings`, whose
 * chart code loads with the earnings page only). The CSS is inlined into the
 * page (decision 023), so normally none is fetched. SIZE_VERBOSE=0 prints
 * only the totals; SIZE_DIST=other/dist measures another build (a baseline
 * copied aside) the same way; SIZE_ROUTES=/wallet,/chat/:peerId measures only
 * those patterns.
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { chromium, type Page, type Request } from "@playwright/test";
import getPort from "get-port";
import { routeChunks } from "../../src/web/app/route-chunks";

const BUDGET = 100 * 1024;
const CHROME_PATH = process.env.CHROME_PATH ?? "/usr/bin/chromium";
const VERBOSE = process.env.SIZE_VERBOSE !== "0";
const PASSWORD = "Demo-pass-1";
const DIST = process.env.SIZE_DIST ?? "dist";
const ONLY = process.env.SIZE_ROUTES?.split(",");

type Who = "out" | "artist" | "agent" | "finance";
const emails: Record<Exclude<Who, "out">, string> = {
  artist: "artist@demo.test",
  agent: "agent1@demo.test",
  finance: "finance@demo.test",
};

/** The demo's records that the routes with parameters open. */
interface Ids {
  agentId: string;
  artistId: string;
  songId: string;
  draftReleaseId: string;
  submittedReleaseId: string;
  statementId: string;
}

interface Target {
  /** The route's pattern, as in route-chunks.ts. */
  pattern: string;
  who: Who;
  path: (ids: Ids) => string;
  /** What is on screen once the route has rendered its content (default: see rendered()). */
  ready?: string;
  /** What the row says beside the pattern. */
  note?: string;
}

/** Routes as whom, with which records; a pattern not named here opens as is, as the artist. */
const special: Record<string, Omit<Target, "pattern">> = {
  "/login": { who: "out", path: () => "/login", ready: "form" },
  "/register": { who: "out", path: () => "/register", ready: "form" },
  "/forgot-password": { who: "out", path: () => "/forgot-password" },
  "/reset-password": { who: "out", path: () => "/reset-password" },
  "/unsubscribe": { who: "out", path: () => "/unsubscribe" },
  "/undo-email-change": { who: "out", path: () => "/undo-email-change" },
  "/splits/invite/:token": {
    who: "out",
    path: () => "/splits/invite/an-unknown-token",
    note: "as from the invitation mail, an unknown token: the same code",
  },
  "/": { who: "artist", path: () => "/", ready: "main a[href^='/chat/']" },
  "/chat/:peerId": {
    who: "artist",
    path: (ids) => `/chat/${ids.agentId}`,
    ready: "main textarea",
  },
  "/inbox/:peerId": {
    who: "agent",
    path: (ids) => `/inbox/${ids.artistId}`,
    ready: "main textarea",
  },
  "/song/:id": { who: "artist", path: (ids) => `/song/${ids.songId}` },
  "/song/:id/ask": { who: "artist", path: (ids) => `/song/${ids.songId}/ask` },
  "/releases/new": { who: "artist", path: () => "/releases/new", ready: "main input" },
  "/releases/:id": {
    who: "artist",
    path: (ids) => `/releases/${ids.draftReleaseId}`,
    ready: "main input",
    note: "a draft: the release form",
  },
  "/releases/:id/ask": { who: "artist", path: (ids) => `/releases/${ids.draftReleaseId}/ask` },
  "/desk/songs": { who: "agent", path: () => "/desk/songs" },
  "/desk/songs/new": { who: "agent", path: () => "/desk/songs/new" },
  "/desk/songs/:id": { who: "agent", path: (ids) => `/desk/songs/${ids.songId}` },
  "/desk/releases": { who: "agent", path: () => "/desk/releases" },
  "/desk/releases/:id": {
    who: "agent",
    path: (ids) => `/desk/releases/${ids.submittedReleaseId}`,
    note: "the desk's review",
  },
  "/saved-replies": { who: "agent", path: () => "/saved-replies" },
  "/desk/statements": { who: "finance", path: () => "/desk/statements" },
  "/desk/statements/:id": {
    who: "finance",
    path: (ids) => `/desk/statements/${ids.statementId}`,
  },
  "/desk/artists": { who: "finance", path: () => "/desk/artists" },
  "/desk/payouts": { who: "finance", path: () => "/desk/payouts" },
  "/wallet": {
    who: "artist",
    path: () => "/wallet",
    ready:
      "main ul[aria-labelledby='transactions-heading'], main section[aria-labelledby='transactions-heading'] > p",
  },
  "/wallet/earnings": { who: "artist", path: () => "/wallet/earnings", ready: "main section h2" },
};

const targets: Target[] = routeChunks
  .map(({ path: pattern }) => {
    if (!special[pattern] && pattern.includes(":")) {
      throw new Error(`size.ts: say which record ${pattern} opens (special)`);
    }
    return { pattern, ...(special[pattern] ?? { who: "artist" as const, path: () => pattern }) };
  })
  .filter((t) => !ONLY || ONLY.includes(t.pattern));

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
  return response.headers
    .getSetCookie()
    .map((c) => c.split(";")[0]!)
    .join("; ");
}

async function getJson<T>(origin: string, cookie: string, url: string): Promise<T> {
  const response = await fetch(`${origin}${url}`, { headers: { cookie } });
  if (!response.ok) throw new Error(`GET ${url} failed: ${response.status}`);
  return (await response.json()) as T;
}

/** The demo's records: the artist's agent, song, draft and submitted releases, a statement. */
async function demoIds(origin: string, cookies: Record<Exclude<Who, "out">, string>): Promise<Ids> {
  const { artist, finance } = cookies;
  const contacts = await getJson<{ userId: string }[] | { items: { userId: string }[] }>(
    origin,
    artist,
    "/api/chat/contacts",
  );
  const session = await getJson<{ user: { id: string } }>(origin, artist, "/api/session");
  const songs = await getJson<{ items: { id: string }[] }>(origin, artist, "/api/songs");
  const releases = await getJson<{ id: string; state: string }[]>(origin, artist, "/api/releases");
  const statements = await getJson<{ items: { id: string }[] }>(
    origin,
    finance,
    "/api/desk/statements",
  );
  const release = (state: string) => {
    const found = releases.find((r) => r.state === state);
    if (!found) throw new Error(`the demo has no ${state} release`);
    return found.id;
  };
  return {
    agentId: (Array.isArray(contacts) ? contacts : contacts.items)[0]!.userId,
    artistId: session.user.id,
    songId: songs.items[0]!.id,
    draftReleaseId: release("draft"),
    submittedReleaseId: release("submitted"),
    statementId: statements.items[0]!.id,
  };
}

interface Fetched {
  url: string;
  type: string;
  bytes: number;
  status: number;
  encoding: string;
}

/**
 * The default sign that a route's content is on screen: the app has rendered
 * into the page (over its skeleton, whose parts are marked busy, or into an
 * empty root) and nothing it shows is still busy loading.
 */
function rendered() {
  const root = document.getElementById("root");
  return !!root?.querySelector("main, form") && !root.querySelector("[aria-busy='true']");
}

async function measure(page: Page, url: string, ready: string | undefined) {
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
  if (ready) await page.locator(ready).first().waitFor({ timeout: 30_000 });
  else await page.waitForFunction(rendered, undefined, { timeout: 30_000 });
  await page.waitForLoadState("networkidle");
  page.off("requestfinished", record);
  page.off("requestfailed", record);
  await Promise.all(pending);
  return fetched;
}

async function main() {
  const origin = await startPortal();
  const cookies = {
    artist: await signIn(origin, emails.artist),
    agent: await signIn(origin, emails.agent),
    finance: await signIn(origin, emails.finance),
  };
  const ids = await demoIds(origin, cookies);
  const browser = await chromium.launch({ executablePath: CHROME_PATH, args: ["--no-sandbox"] });
  let over = false;
  const totals: string[][] = [];
  try {
    for (const target of targets) {
      const context = await browser.newContext({ serviceWorkers: "block" });
      if (target.who !== "out") {
        await context.addCookies(
          cookies[target.who].split("; ").map((pair) => {
            const eq = pair.indexOf("=");
            return { name: pair.slice(0, eq), value: pair.slice(eq + 1), url: origin };
          }),
        );
      }
      const page = await context.newPage();
      const label = `${target.pattern} (${target.who === "out" ? "signed out" : target.who}${
        target.note ? `, ${target.note}` : ""
      })`;
      const fetched = await measure(page, `${origin}${target.path(ids)}`, target.ready);
      await context.close();

      const code = fetched.filter((f) => f.type === "script" || f.type === "stylesheet");
      const js = code.reduce((sum, f) => sum + f.bytes, 0);
      const all = fetched.reduce((sum, f) => sum + f.bytes, 0);
      const plain = code.filter((f) => f.encoding !== "br");
      const verdict = js > BUDGET ? `OVER ${kb(BUDGET)}` : "ok";
      if (js > BUDGET) over = true;
      totals.push([label, kb(js), String(code.length), kb(all), verdict]);
      if (VERBOSE) {
        console.log(`\n${label}: ${fetched.length} requests before interactive`);
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
  const head = ["route", "JS + CSS fetched (br)", "files", "all requests", "within 100 KB"];
  const widths = head.map((h, i) => Math.max(h.length, ...totals.map((r) => r[i]!.length)));
  const line = (r: string[]) => r.map((c, i) => c.padEnd(widths[i]!)).join("  ");
  console.log(`\n${line(head)}`);
  for (const r of totals) console.log(line(r));
  if (over) {
    console.error("Over a route's brotli budget.");
    process.exitCode = 1;
  }
}

await main();
process.exit();
