/**
 * Faults suite: the engines fail under a running server process.
 * - PostgreSQL: every backend of the app's database is terminated mid-traffic
 *   (as a restart, failover or idle-connection reaper would). The process
 *   survives, readiness answers 503 naming the database while it cannot
 *   connect, 200 once it can, and requests work again without a restart.
 * - Redis: the app's connections are killed (CLIENT KILL; the shared Redis
 *   stays up for others). Live chat between two instances recovers by itself.
 * Skipped, with the reason, where PostgreSQL or Redis is not reachable.
 */
import { randomUUID } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ChatMessage } from "../../shared/chat";
import { chatEvents } from "../../shared/chat-events";
import { PortalClient, sendMessage, startServer, type ServerProcess } from "../test/server-process";
import { enginesUnavailable, skipUnlessAvailable } from "../test/engines-available";
import {
  createScratchDatabase,
  dropScratchDatabase,
  DROP_DATABASE_TIMEOUT_MS,
} from "../test/scratch-database";

const PG_URL = process.env.TEST_POSTGRES_URL ?? "postgres://postgres@127.0.0.1:5432/test";
const REDIS_URL = process.env.TEST_REDIS_URL ?? "redis://127.0.0.1:6379";
const PUBLIC_URL = "http://localhost:4398";

let skipReason: string | null = null;
let database = "";
/** The test's own database, as the server reaches it. */
let databaseUrl = "";
let dataDir = "";
let a: ServerProcess | undefined;
let b: ServerProcess | undefined;
let admin: pg.Client | undefined;
let redis: Redis | undefined;

const terminateBackends = () =>
  admin!.query(
    `select count(pg_terminate_backend(pid))::int as n from pg_stat_activity
     where datname = $1 and pid <> pg_backend_pid()`,
    [database],
  );

const backendCount = async () => {
  const { rows } = await admin!.query(
    `select count(*)::int as n from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()`,
    [database],
  );
  return (rows[0] as { n: number }).n;
};

const status = (url: string) =>
  fetch(url).then(
    (r) => r.status,
    () => 0,
  );

beforeAll(async () => {
  skipReason = await enginesUnavailable(PG_URL, REDIS_URL);
  if (skipReason) return;
  ({ name: database, url: databaseUrl } = await createScratchDatabase(PG_URL, "portal_faults"));
  admin = new pg.Client({ connectionString: PG_URL });
  admin.on("error", () => {});
  await admin.connect();
  redis = new Redis(REDIS_URL);
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "portal-faults-"));
  const env = {
    DATABASE_URL: databaseUrl,
    REDIS_URL,
    PUBLIC_URL,
    BETTER_AUTH_SECRET: "engine-outages-test-secret-0123456789abcdef",
    AUTH_RATE_LIMIT_PER_MINUTE: "1000",
    DATA_DIR: dataDir,
    // Apart from other tests' instances on the same Redis (their resyncs).
    REDIS_PREFIX: database.replaceAll("_", "-"),
  };
  a = await startServer(env);
  b = await startServer(env);
}, 120_000);

afterAll(async () => {
  for (const instance of [a, b]) instance?.child.kill("SIGKILL");
  redis?.disconnect();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  if (admin && database) {
    await admin.query(`alter database ${database} allow_connections true`).catch(() => {});
    await admin.end();
    await dropScratchDatabase(PG_URL, database);
  }
}, DROP_DATABASE_TIMEOUT_MS);

describe("engine outages under a running server", () => {
  it("survives PostgreSQL connections dropped mid-traffic and recovers", async (ctx) => {
    skipUnlessAvailable(ctx, skipReason);
    const artist = new PortalClient(a!.url, PUBLIC_URL);
    await artist.signUp("Faults", `faults-${randomUUID()}@example.test`);

    // Steady traffic: authenticated reads, each a query through the pool.
    const running = { stop: false };
    const answers: number[] = [];
    const traffic = (async () => {
      while (!running.stop) {
        answers.push(await status(`${a!.url}/api/health/ready`));
        const me = await artist.call("GET", "/api/me").catch(() => undefined);
        answers.push(me?.status ?? 0);
      }
    })();

    // A loaded host answers fewer a second: wait longer than the poll's default 1 s.
    await expect.poll(() => answers.length, { timeout: 15_000 }).toBeGreaterThan(10);
    for (let round = 0; round < 3; round++) {
      // Wait until the pool holds connections again, then cut them all.
      await expect.poll(() => backendCount(), { timeout: 10_000 }).toBeGreaterThan(0);
      const { rows } = await terminateBackends();
      expect((rows[0] as { n: number }).n).toBeGreaterThan(0);
      await new Promise((r) => setTimeout(r, 300));
      expect(a!.child.exitCode).toBeNull();
    }

    // PostgreSQL refuses connections for a while: not ready, but alive.
    await admin!.query(`alter database ${database} allow_connections false`);
    try {
      await terminateBackends();
      // Polled on the answer itself: on a loaded host a 503 may first be the
      // server shedding load (no `down`), and a second fetch may differ.
      let notReady = { down: [] as string[], message: "" };
      await expect
        .poll(
          async () => {
            const answer = await fetch(`${a!.url}/api/health/ready`);
            if (answer.status !== 503) return [];
            notReady = { down: [], message: "", ...((await answer.json()) as object) };
            return notReady.down;
          },
          { timeout: 15_000 },
        )
        .toContain("database");
      expect(notReady.message).toMatch(/database/);
      expect(await status(`${a!.url}/api/health/live`)).toBe(200);
      // A request needing the database answers a clear 503, not a 500. (The chat
      // list reads it every time; /api/me may come from the session cache.)
      let during: Response | undefined;
      await expect
        .poll(
          async () => {
            await terminateBackends();
            during = await artist.call("GET", "/api/chat/contacts");
            return during.status;
          },
          { timeout: 15_000 },
        )
        .toBe(503);
      expect(during!.headers.get("retry-after")).toBeTruthy();
    } finally {
      await admin!.query(`alter database ${database} allow_connections true`);
    }
    await expect.poll(() => status(`${a!.url}/api/health/ready`), { timeout: 15_000 }).toBe(200);
    running.stop = true;
    await traffic;
    expect((await artist.call("GET", "/api/me")).status).toBe(200);
    expect(a!.child.exitCode).toBeNull();
    expect(answers.filter((s) => s === 200).length).toBeGreaterThan(0);
    // Nothing answered 500 throughout: ok, or 503 while the database was away.
    expect(answers.filter((s) => s !== 200 && s !== 503)).toEqual([]);
  }, 90_000);

  it("live chat across two instances recovers after Redis drops their connections", async (ctx) => {
    skipUnlessAvailable(ctx, skipReason);
    const artist = new PortalClient(a!.url, PUBLIC_URL);
    const agent = new PortalClient(b!.url, PUBLIC_URL);
    await artist.signUp("Artist", `artist-${randomUUID()}@example.test`);
    const agentId = await agent.signUp("Agent", `agent-${randomUUID()}@example.test`);
    const db = new pg.Client({ connectionString: databaseUrl });
    await db.connect();
    await db.query(`update "user" set admin = true where id = $1`, [agentId]);
    await db.end();
    const room = (await (await artist.call("PUT", `/api/chat/rooms/with/${agentId}`)).json()) as {
      roomId: string;
    };
    const artistSocket = await artist.socket();
    const agentSocket = await agent.socket();
    const atAgent: string[] = [];
    agentSocket.on(chatEvents.message, (m: ChatMessage) => atAgent.push(m.text));

    expect(
      (await sendMessage(artistSocket, { id: randomUUID(), roomId: room.roomId, text: "before" }))
        .ok,
    ).toBe(true);
    await expect.poll(() => atAgent).toContain("before");

    // Kill every Redis connection the two instances hold (named portal:<host>:<pid>).
    const pids = [a!.child.pid, b!.child.pid];
    const list = (await redis!.client("LIST")) as string;
    const ids = list
      .split("\n")
      .filter((line) => pids.some((pid) => line.includes(`name=portal:${os.hostname()}:${pid} `)))
      .map((line) => /id=(\d+)/.exec(line)![1]!);
    expect(ids.length).toBeGreaterThanOrEqual(4);
    for (const id of ids) await redis!.client("KILL", "ID", id);

    // Chat recovers by itself: a message sent after the cut reaches the other instance.
    await expect
      .poll(
        async () => {
          await sendMessage(artistSocket, { id: randomUUID(), roomId: room.roomId, text: "after" });
          return atAgent.includes("after");
        },
        { timeout: 20_000, interval: 500 },
      )
      .toBe(true);
    expect(a!.child.exitCode).toBeNull();
    expect(b!.child.exitCode).toBeNull();
    await expect.poll(() => status(`${a!.url}/api/health/ready`), { timeout: 10_000 }).toBe(200);
    artistSocket.disconnect();
    agentSocket.disconnect();
  }, 60_000);
});
