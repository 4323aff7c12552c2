/**
 * The demo portal that the page measurements run against (npm run lighthouse,
 * npm run profile:page): the built portal on a fresh data directory with the
 * demo data, its demo accounts signed in, and the screens to measure.
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

const PASSWORD = "Demo-pass-1";

export type Who = "anonymous" | "artist" | "agent" | "finance";
export interface Target {
  label: string;
  who: Who;
  /** The URL path; a function when it needs an id from the demo data. */
  path: (ids: DemoIds) => string;
}
export interface DemoIds {
  agentId: string;
  artistId: string;
  songId: string;
  /** The demo artist's live release. */
  releaseId: string;
  /** The demo artist's draft release. */
  draftId: string;
  /** A release waiting in the desk's queue. */
  deskReleaseId: string;
  /** The newest imported demo statement. */
  statementId: string;
}

/** Every screen measured, as the demo data reaches it. */
export const targets: Target[] = [
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
  { label: "/forgot-password", who: "anonymous", path: () => "/forgot-password" },
  { label: "/releases", who: "artist", path: () => "/releases" },
  // /releases/new starts a draft and moves to its page: the draft's page is the form.
  { label: "/releases/:id (draft)", who: "artist", path: (ids) => `/releases/${ids.draftId}` },
  { label: "/releases/:id (live)", who: "artist", path: (ids) => `/releases/${ids.releaseId}` },
  { label: "/wallet/earnings", who: "artist", path: () => "/wallet/earnings" },
  { label: "/wallet/tax", who: "artist", path: () => "/wallet/tax" },
  { label: "/wallet/splits", who: "artist", path: () => "/wallet/splits" },
  { label: "/wallet/payout-details", who: "artist", path: () => "/wallet/payout-details" },
  { label: "/desk/releases (agent)", who: "agent", path: () => "/desk/releases" },
  {
    label: "/desk/releases/:id (agent)",
    who: "agent",
    path: (ids) => `/desk/releases/${ids.deskReleaseId}`,
  },
  { label: "/desk/statements (finance)", who: "finance", path: () => "/desk/statements" },
  {
    label: "/desk/statements/:id (finance)",
    who: "finance",
    path: (ids) => `/desk/statements/${ids.statementId}`,
  },
  { label: "/desk/artists (finance)", who: "finance", path: () => "/desk/artists" },
  { label: "/desk/payouts (finance)", who: "finance", path: () => "/desk/payouts" },
];

/** Node with the tsx loader, or plain node for a compiled file. */
function nodeArgs(file: string): string[] {
  return file.endsWith(".ts") ? ["--import", "tsx", file] : [file];
}

/**
 * The built portal (the compiled server and CLI when the build has them) on a
 * fresh data directory seeded with the demo data; resolves to its base URL
 * once healthy. The caller stops `child`; the data directory goes at exit.
 */
export async function startPortal(
  publicUrl: string,
  port: number,
): Promise<{ base: string; child: ChildProcess }> {
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
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 300; i++) {
    if (child.exitCode !== null) throw new Error("the portal exited on start");
    const ok = await fetch(`${base}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return { base, child };
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

/** The demo accounts signed in (a cookie header each), and the ids the screens' paths need. */
export async function signInDemo(
  base: string,
  origin: string,
): Promise<{ cookies: Record<Who, string>; ids: DemoIds }> {
  const cookies: Record<Who, string> = {
    anonymous: "",
    artist: await signIn(base, origin, "artist@demo.test"),
    agent: await signIn(base, origin, "agent1@demo.test"),
    finance: await signIn(base, origin, "finance@demo.test"),
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
  const releases = await getJson<{ id: string; state: string }[]>(
    base,
    "/api/releases",
    cookies.artist,
  );
  const queue = await getJson<{ rows: { id: string }[] }>(
    base,
    "/api/desk/releases",
    cookies.agent,
  );
  const statements = listOf(
    await getJson<{ items: { id: string }[] }>(base, "/api/desk/statements", cookies.finance),
  );
  const ids: DemoIds = {
    agentId: agents[0]!.userId,
    artistId: inbox[0]?.userId ?? agents[0]!.userId,
    songId: songs[0]!.id,
    releaseId: (releases.find((r) => r.state === "live") ?? releases[0]!).id,
    draftId: (releases.find((r) => r.state === "draft") ?? releases[0]!).id,
    deskReleaseId: queue.rows[0]!.id,
    statementId: statements[0]!.id,
  };
  return { cookies, ids };
}
