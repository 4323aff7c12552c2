/**
 * Songs benchmark (a measurement, not a test), as users and operators meet it:
 *  1. The list query, page 1 versus page 1,000 by key (median of many runs),
 *     next to the same deep page read by OFFSET for contrast (in-process);
 *     and the filtered list ("Your Songs" with Released, and Released plus a
 *     title search), its first page against its last full page by key.
 *  2. HTTP against the compiled server (`node dist/server/main.js`, what
 *     `npm start` runs) in its own process, logging at `info` as in
 *     production (to /dev/null), with 1,000 distinct users signed in over
 *     HTTP: every request of a run carries the next user's cookie, so session
 *     caches see 1,000 sessions, not one. Measured in the same round:
 *       - a bare Fastify route (its own process),
 *       - GET /api/songs (each user's first page),
 *       - GET /api/songs/:id (each user's own song; the uncached session path),
 *       - the view-then-read journey: POST /api/songs/:id/views, then GET
 *         /api/songs/:id on the same connection, as a user's visit does
 *         (each POST counts a view, so the record changes every time; its
 *         figure counts both requests).
 *     Each round runs the loads in turn; ROUNDS (3) rounds give the median
 *     and the spread. Every load also reports the server's CPU time per
 *     request (user + system, from /proc): on a machine shared with other
 *     work, throughput swings with the load, CPU per request much less.
 * Run: npm run build && npm run bench:songs
 *   BENCH_SECONDS=10 BENCH_CONNECTIONS=10 ROUNDS=3 USERS=1000; PROFILE=1 writes
 *   a CPU profile of the server to /tmp/prof-songs (node --cpu-prof).
 *   BASELINE_SERVER=path/to/other/dist/server/main.js also starts that build
 *   on the same data (same users, same cookies) and measures its list and
 *   detail in every round, alternating which build goes first: a before/after
 *   in one run. Every load prints the generator's own event-loop lag (p99).
 *   The two builds are treated alike before the first round: half the users
 *   sign in through each, and each gets the same untimed warm-up of list and
 *   detail (WARMUP_SECONDS, 3). Signing everyone in through one build left it
 *   12–16% slower than an identical second one (docs/benchmarks.md, issue 24).
 *   LOADS=detail (or list, or journey; comma-separated) measures only those,
 *   for a profile of one alone. SERVER=path/to/main.js measures another build
 *   than dist/ (an unminified one gives a readable profile).
 */
import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes, scryptSync } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { monitorEventLoopDelay } from "node:perf_hooks";
import autocannon from "autocannon";
import { SONG_PAGE_SIZE } from "../../src/shared/song-schemas";
import { migrateToLatest, openDatabase } from "../../src/server/db/database";
import { listArtistSongs } from "../../src/server/features/songs/song-repository";
import getPort from "get-port";

const SONGS = 10_000;
const USERS = Number(process.env.USERS ?? 1_000);
const SONGS_PER_USER = 12;
const QUERY_RUNS = Number(process.env.BENCH_QUERY_RUNS ?? 2_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const ROUNDS = Number(process.env.ROUNDS ?? 3);
const PROFILE = process.env.PROFILE === "1";
const BASELINE_SERVER = process.env.BASELINE_SERVER;
const WARMUP_SECONDS = Number(process.env.WARMUP_SECONDS ?? 3);
const LOADS = new Set((process.env.LOADS ?? "list,detail,journey").split(","));
/** The build measured (and profiled); another build, e.g. an unminified one for a readable profile. */
const SERVER = process.env.SERVER ?? "dist/server/main.js";
const PASSWORD = "Bench-pass-1";

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
};
const micros = (ns: bigint) => Number(ns) / 1000;

async function timeIt(run: () => Promise<unknown>): Promise<number> {
  const start = process.hrtime.bigint();
  await run();
  return micros(process.hrtime.bigint() - start);
}

/**
 * The hasher's own format with cheap scrypt parameters (they are stored with
 * each hash): signing 1,000 users in at the production N=2^17 would take
 * minutes and measure scrypt, not the song routes.
 */
function cheapPasswordHash(password: string): string {
  const salt = randomBytes(16);
  const key = scryptSync(password.normalize("NFKC"), salt, 64, { N: 1024, r: 8, p: 1 });
  return `scrypt$1024$8$1$${salt.toString("base64")}$${key.toString("base64")}`;
}

function songRow(artistId: string, i: number, now: number) {
  return {
    id: crypto.randomUUID(),
    artistId,
    type: `Bench Song ${i}`,
    status: ["pending", "released", "rejected"][i % 3]!,
    album: `Album ${i % 50}`,
    artist: "Bench Artist",
    genre: "Pop",
    // Five per release day, so pages cross ties on the date.
    date: new Date(Date.UTC(2000, 0, 1) + Math.floor(i / 5) * 86_400_000)
      .toISOString()
      .slice(0, 10),
    duration: "3:30",
    lyrics: "",
    link: "",
    coverFileId: null,
    spotifyUrl: "",
    appleMusicUrl: "",
    youtubeUrl: "",
    createdAt: now,
    updatedAt: now,
  };
}

async function waitHealthy(url: string, child: ChildProcess) {
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((r) => setTimeout(r, 50));
  }
}

function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once("exit", () => resolve());
    child.kill("SIGTERM");
  });
}

/** CPU time a process has used so far, in milliseconds (user + system; Linux /proc). */
function cpuMs(pid: number): number {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
  // Fields after the command name (which may hold spaces) start at field 3.
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  const ticks = Number(fields[11]) + Number(fields[12]);
  return (ticks * 1000) / CLOCK_TICKS;
}
const CLOCK_TICKS = 100;

type Request = {
  method: "GET" | "POST";
  path: string;
  headers: Record<string, string>;
  body?: string;
};
async function load(base: string, requests: Request[] | null, pid: number, seconds = SECONDS) {
  // The generator's own event-loop lag: a stalled generator under-reports the server.
  const lag = monitorEventLoopDelay({ resolution: 5 });
  lag.enable();
  const cpuBefore = cpuMs(pid);
  const result = await autocannon({
    url: base,
    connections: CONNECTIONS,
    duration: seconds,
    ...(requests ? { requests } : {}),
  });
  if (result.non2xx > 0 || result.errors > 0) {
    throw new Error(`${base}: ${result.non2xx} non-2xx answers, ${result.errors} errors`);
  }
  lag.disable();
  const cpu = cpuMs(pid) - cpuBefore;
  return {
    rps: result.requests.average,
    /** Server CPU per answered request, in microseconds. */
    cpuUs: (cpu * 1000) / Math.max(1, result.requests.total),
    p50: result.latency.p50,
    p99: result.latency.p99,
    lagP99: lag.percentile(99) / 1e6,
  };
}

if (!fs.existsSync(SERVER)) throw new Error(`${SERVER} is missing: run \`npm run build\` first`);
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "portal-bench-songs-"));
const children: ChildProcess[] = [];
try {
  // --- Data: 1,000 users with a dozen songs each; user 0 has 10,000. ---
  const handle = await openDatabase({
    engine: "sqlite",
    file: path.join(dataDir, "portal.sqlite"),
  });
  await migrateToLatest(handle);
  const db = handle.db;
  const now = Date.now();
  const iso = new Date(now).toISOString();
  const hash = cheapPasswordHash(PASSWORD);
  const users = Array.from({ length: USERS }, (_, i) => ({
    id: crypto.randomUUID(),
    email: `bench${i}@example.test`,
  }));
  const songOf = new Map<string, string>();
  await db.transaction().execute(async (trx) => {
    for (const [i, u] of users.entries()) {
      const name = `Bench Artist ${i}`;
      await trx
        .insertInto("user")
        .values({
          id: u.id,
          name,
          email: u.email,
          emailVerified: 0,
          image: null,
          createdAt: iso,
          updatedAt: iso,
          username: name,
          artistName: name,
          admin: 0,
          bio: null,
          profilePicture: null,
          spotifyUrl: null,
          appleMusicUrl: null,
          youtubeUrl: null,
        })
        .execute();
      await trx
        .insertInto("account")
        .values({
          id: crypto.randomUUID(),
          accountId: u.id,
          providerId: "credential",
          userId: u.id,
          accessToken: null,
          refreshToken: null,
          idToken: null,
          accessTokenExpiresAt: null,
          refreshTokenExpiresAt: null,
          scope: null,
          password: hash,
          createdAt: iso,
          updatedAt: iso,
        })
        .execute();
      const rows = Array.from({ length: i === 0 ? SONGS : SONGS_PER_USER }, (_, n) =>
        songRow(u.id, n, now),
      );
      songOf.set(u.id, rows[0]!.id);
      for (let k = 0; k < rows.length; k += 500) {
        await trx
          .insertInto("song_request")
          .values(rows.slice(k, k + 500))
          .execute();
      }
    }
  });

  // --- 1. The list query in-process: page 1 against page 1,000 by key. ---
  const artistId = users[0]!.id;
  const allRows = await db
    .selectFrom("song_request")
    .select(["id", "date"])
    .where("artistId", "=", artistId)
    .orderBy("date", "desc")
    .orderBy("id", "desc")
    .execute();
  const before = allRows[999 * SONG_PAGE_SIZE - 1]!;
  const deepCursor = { date: before.date, id: before.id };
  const deep = await listArtistSongs(db, artistId, {}, deepCursor);
  if (deep.items.length !== SONG_PAGE_SIZE || deep.nextCursor !== null) {
    throw new Error("page 1,000 is not the last full page");
  }
  const byOffset = () =>
    db
      .selectFrom("song_request")
      .select(["id", "type", "status", "album", "date", "coverFileId"])
      .where("artistId", "=", artistId)
      .orderBy("date", "desc")
      .orderBy("id", "desc")
      .limit(SONG_PAGE_SIZE + 1)
      .offset(999 * SONG_PAGE_SIZE)
      .execute();
  for (let i = 0; i < 200; i++) {
    await listArtistSongs(db, artistId, {}, null);
    await listArtistSongs(db, artistId, {}, deepCursor);
  }
  const first: number[] = [];
  const last: number[] = [];
  const offset: number[] = [];
  // Interleaved, so drift in machine load hits both alike.
  for (let i = 0; i < QUERY_RUNS; i++) {
    first.push(await timeIt(() => listArtistSongs(db, artistId, {}, null)));
    last.push(await timeIt(() => listArtistSongs(db, artistId, {}, deepCursor)));
    if (i % 10 === 0) offset.push(await timeIt(byOffset));
  }

  // Filtered: every third song is released; "song 9" matches about one in ten titles.
  const released = { status: "released" as const };
  const searched = { status: "released" as const, q: "song 9" };
  // Walks the filter to its end: the deep page is the last one, read by its key.
  const lastPageKey = async (filters: { status: "released"; q?: string }) => {
    let cursor: { date: string; id: string } | null = null;
    let pages = 1;
    for (;;) {
      const result = await listArtistSongs(db, artistId, filters, cursor);
      const tail = result.items.at(-1);
      if (!result.nextCursor || !tail) break;
      cursor = { date: tail.date, id: tail.id };
      pages += 1;
    }
    return { cursor, page: pages };
  };
  const releasedDeep = await lastPageKey(released);
  const searchedDeep = await lastPageKey(searched);
  const filtered = {
    first: [] as number[],
    deep: [] as number[],
    qFirst: [] as number[],
    qDeep: [] as number[],
  };
  for (let i = 0; i < QUERY_RUNS; i++) {
    filtered.first.push(await timeIt(() => listArtistSongs(db, artistId, released, null)));
    filtered.deep.push(
      await timeIt(() => listArtistSongs(db, artistId, released, releasedDeep.cursor)),
    );
    if (i % 10 === 0) {
      filtered.qFirst.push(await timeIt(() => listArtistSongs(db, artistId, searched, null)));
      filtered.qDeep.push(
        await timeIt(() => listArtistSongs(db, artistId, searched, searchedDeep.cursor)),
      );
    }
  }
  await handle.close();

  // --- 2. The compiled server in its own process, logging as in production. ---
  const port = await getPort();
  const base = `http://127.0.0.1:${port}`;
  const origin = `http://localhost:${port}`;
  const devNull = fs.openSync("/dev/null", "w");
  const startServer = async (entry: string, serverPort: number, profile: boolean) => {
    const child = spawn(
      process.execPath,
      [...(profile ? ["--cpu-prof", "--cpu-prof-dir=/tmp/prof-songs"] : []), entry],
      {
        env: {
          ...process.env,
          NODE_ENV: "production",
          DATA_DIR: dataDir,
          PORT: String(serverPort),
          HOST: "127.0.0.1",
          PUBLIC_URL: origin,
          LOG_LEVEL: "info",
          AUTH_RATE_LIMIT_PER_MINUTE: "1000000",
        },
        stdio: ["ignore", devNull, "inherit"],
      },
    );
    children.push(child);
    await waitHealthy(`http://127.0.0.1:${serverPort}/api/health`, child);
    return child.pid!;
  };
  const pid = await startServer(SERVER, port, PROFILE);
  // The other build on the same data and secret: the same cookies work on both.
  const basePort = BASELINE_SERVER ? await getPort() : 0;
  const baseline = `http://127.0.0.1:${basePort}`;
  const basePid = BASELINE_SERVER ? await startServer(BASELINE_SERVER, basePort, false) : 0;

  const helloPort = await getPort();
  const hello = spawn(
    process.execPath,
    [
      "--input-type=module",
      "-e",
      `import Fastify from "fastify";
       const app = Fastify({ logger: false });
       app.get("/hello", () => ({ hello: "world" }));
       await app.listen({ host: "127.0.0.1", port: ${helloPort} });`,
    ],
    { stdio: "inherit" },
  );
  children.push(hello);
  await waitHealthy(`http://127.0.0.1:${helloPort}/hello`, hello);

  // Every user signs in over HTTP, a few at a time; with a baseline, every
  // other user through it, so both builds have run the same sign-ins (the
  // cookies work on both: same data, same secret).
  const servers = BASELINE_SERVER ? [base, baseline] : [base];
  const cookies: string[] = new Array<string>(USERS);
  let next = 0;
  await Promise.all(
    Array.from({ length: 8 }, async () => {
      while (next < USERS) {
        const i = next++;
        const res = await fetch(`${servers[i % servers.length]}/api/auth/sign-in/email`, {
          method: "POST",
          headers: { "content-type": "application/json", origin },
          body: JSON.stringify({ email: users[i]!.email, password: PASSWORD }),
        });
        const cookie = res.headers.getSetCookie().map((c) => c.split(";")[0]);
        if (!res.ok || cookie.length === 0) throw new Error(`sign-in ${i}: ${res.status}`);
        cookies[i] = cookie.join("; ");
      }
    }),
  );
  const spread = (pathOf: (i: number) => string): Request[] =>
    users.map((u, i) => ({
      method: "GET",
      path: pathOf(i),
      headers: { cookie: cookies[i]!, origin },
    }));
  const listRequests = spread(() => "/api/songs");
  const songPath = (i: number) => `/api/songs/${songOf.get(users[i]!.id)}`;
  const detailRequests = spread(songPath);
  // A visit: the view's POST, then the record's GET, in turn on one connection.
  const journeyRequests = users.flatMap((_, i): Request[] => [
    {
      method: "POST",
      path: `${songPath(i)}/views`,
      headers: { cookie: cookies[i]!, origin, "content-type": "application/json" },
      body: "{}",
    },
    { method: "GET", path: songPath(i), headers: { cookie: cookies[i]!, origin } },
  ]);

  // The same untimed warm-up on each build (JIT, caches), in the order of round 1.
  if (WARMUP_SECONDS > 0) {
    for (const [server, serverPid] of [
      [base, pid],
      [baseline, basePid],
    ]
      .slice(0, servers.length)
      .reverse() as [string, number][]) {
      for (const requests of [listRequests, detailRequests, journeyRequests]) {
        await load(server, requests, serverPid, WARMUP_SECONDS);
      }
    }
  }

  type Row = { rps: number; cpuUs: number; p50: number; p99: number; lagP99: number };
  type Load = "list" | "detail" | "journey";
  type Round = { bare: Row } & Partial<Record<Load | `base-${Load}`, Row>>;
  const rounds: Round[] = [];
  const requestsOf = { list: listRequests, detail: detailRequests, journey: journeyRequests };
  const measured = (name: Load, server: string, serverPid: number) =>
    LOADS.has(name) ? load(server, requestsOf[name], serverPid) : Promise.resolve(undefined);
  const loads = (["list", "detail", "journey"] as const).filter((name) => LOADS.has(name));
  for (let r = 0; r < ROUNDS; r++) {
    const bare = await load(`http://127.0.0.1:${helloPort}/hello`, null, hello.pid!);
    const round: Round = { bare };
    const mine = async () => {
      for (const name of loads) round[name] = await measured(name, base, pid);
    };
    const theirs = async () => {
      for (const name of loads) round[`base-${name}`] = await measured(name, baseline, basePid);
    };
    // Alternating which build goes first, so drift in load hits both alike.
    if (!BASELINE_SERVER) await mine();
    else if (r % 2 === 0) await theirs().then(mine);
    else await mine().then(theirs);
    rounds.push(round);
    const rps = (row?: Row) => (row ? `${Math.round(row.rps)} (${Math.round(row.cpuUs)} µs)` : "-");
    console.log(
      `round ${r + 1}: bare ${rps(bare)}, ` +
        loads.map((name) => `${name} ${rps(round[name])}`).join(", ") +
        (BASELINE_SERVER
          ? ", " + loads.map((name) => `baseline ${name} ${rps(round[`base-${name}`])}`).join(", ")
          : "") +
        ` req/s (server CPU per request); generator lag p99 ${Math.max(
          ...Object.values(round).map((row) => row.lagP99),
        ).toFixed(1)} ms`,
    );
  }

  const fmt = (n: number) => n.toFixed(1);
  const stat = (values: number[], digits = 0) =>
    `${median(values).toFixed(digits)} (${Math.min(...values).toFixed(digits)}–${Math.max(...values).toFixed(digits)})`;
  console.log(
    `\nSongs benchmark: ${SONGS} songs for one artist, ${USERS} users, Node ${process.version}, ` +
      `load average ${os.loadavg()[0]!.toFixed(1)}\n`,
  );
  console.log("List query (median of", QUERY_RUNS, "runs each):");
  console.log(`  page 1            ${fmt(median(first))} µs`);
  console.log(
    `  page 1,000 by key ${fmt(median(last))} µs   ratio ${(median(last) / median(first)).toFixed(2)}`,
  );
  console.log(`  page 1,000 by OFFSET (for contrast) ${fmt(median(offset))} µs`);
  const ratio = (a: number[], b: number[]) => (median(b) / median(a)).toFixed(2);
  console.log("Filtered list query (median):");
  console.log(`  Released, page 1                 ${fmt(median(filtered.first))} µs`);
  console.log(
    `  Released, page ${releasedDeep.page} by key        ${fmt(median(filtered.deep))} µs   ratio ${ratio(filtered.first, filtered.deep)}`,
  );
  console.log(`  Released + "song 9", page 1      ${fmt(median(filtered.qFirst))} µs`);
  console.log(
    `  Released + "song 9", page ${searchedDeep.page} by key ${fmt(median(filtered.qDeep))} µs   ratio ${ratio(filtered.qFirst, filtered.qDeep)}`,
  );
  console.log(
    `\nHTTP, compiled server logging at info, ${USERS} users, ${CONNECTIONS} connections, ` +
      `${SECONDS} s per load, ${ROUNDS} rounds: median (min–max)`,
  );
  const names = (
    [
      "bare",
      ...loads,
      ...(BASELINE_SERVER ? loads.map((name) => `base-${name}` as const) : []),
    ] as const
  ).filter((name) => rounds[0]![name] !== undefined);
  const labels: Record<(typeof names)[number], string> = {
    bare: "bare Fastify route",
    list: "GET /api/songs",
    detail: "GET /api/songs/:id",
    journey: "view, then read",
    "base-list": "baseline /api/songs",
    "base-detail": "baseline /songs/:id",
    "base-journey": "baseline view+read",
  };
  for (const name of names) {
    const rows = rounds.map((r) => r[name]!);
    const rps = rows.map((r) => r.rps);
    const cpu = rows.map((r) => r.cpuUs);
    const p99 = rows.map((r) => r.p99);
    const lag = rows.map((r) => r.lagP99);
    const ratio = rounds.map((r) => r[name]!.rps / r.bare.rps);
    const cpuRatio = rounds.map((r) => r.bare.cpuUs / r[name]!.cpuUs);
    console.log(
      `  ${labels[name].padEnd(20)} ${stat(rps)} req/s   p99 ${stat(p99)} ms` +
        (name === "bare" ? "" : `   ratio to bare ${stat(ratio, 3)}`) +
        `   CPU ${stat(cpu, 1)} µs/req` +
        (name === "bare" ? "" : ` (bare's / this ${stat(cpuRatio, 3)})`) +
        `   generator lag p99 ${stat(lag, 1)} ms`,
    );
  }
} finally {
  await Promise.all(children.map(stop));
  fs.rmSync(dataDir, { recursive: true, force: true });
}
