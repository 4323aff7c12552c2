/**
 * Two instances, each reaching Redis through a TCP proxy this test starts
 * (the machine's Redis is never touched): a Redis outage must not leave
 * acknowledged messages undelivered (issue 20, #4), and a message acknowledged
 * just before its instance dies must already be on its way (#6).
 * Skipped, with the reason, where PostgreSQL or Redis is not reachable.
 */
import { randomUUID } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ChatMessage } from "../../shared/chat";
import type { SendAck } from "../../shared/chat-events";
import { enginesUnavailable, skipUnlessAvailable } from "../test/engines-available";
import { TcpProxy } from "../test/tcp-proxy";
import {
  PortalClient,
  startServer,
  type PortalSocket,
  type ServerProcess,
} from "../test/server-process";

const PG_URL = process.env.TEST_POSTGRES_URL ?? "postgres://postgres@127.0.0.1:5432/test";
const REDIS_URL = process.env.TEST_REDIS_URL ?? "redis://127.0.0.1:6379";
const PUBLIC_URL = "http://localhost:4398";

let skipReason: string | null = null;
let database = "";
let dataDir = "";
const redisTarget = new URL(REDIS_URL);
const proxies = {
  a: new TcpProxy(redisTarget.hostname, Number(redisTarget.port || 6379)),
  b: new TcpProxy(redisTarget.hostname, Number(redisTarget.port || 6379)),
};
let a: ServerProcess | undefined;
let b: ServerProcess | undefined;
// Ready, not only live: each instance has reached Redis through its proxy.
const startInstance = (env: NodeJS.ProcessEnv) => startServer(env, undefined, 60_000, "ready");

beforeAll(async () => {
  skipReason = await enginesUnavailable(PG_URL, REDIS_URL);
  if (skipReason) return;
  for (const proxy of Object.values(proxies)) await proxy.start();
  database = `portal_outage_${randomUUID().replaceAll("-", "").slice(0, 12)}`;
  const admin = new pg.Client({ connectionString: PG_URL });
  await admin.connect();
  await admin.query(`create database ${database}`);
  await admin.end();
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "portal-outage-"));
  const env = {
    DATABASE_URL: PG_URL.replace(/\/[^/]*$/, `/${database}`),
    PUBLIC_URL,
    BETTER_AUTH_SECRET: "redis-outage-test-secret-0123456789abcdef",
    AUTH_RATE_LIMIT_PER_MINUTE: "1000",
    DATA_DIR: dataDir,
  };
  [a, b] = await Promise.all([
    startInstance({ ...env, REDIS_URL: `redis://127.0.0.1:${proxies.a.port}` }),
    startInstance({ ...env, REDIS_URL: `redis://127.0.0.1:${proxies.b.port}` }),
  ]);
}, 120_000);

afterAll(async () => {
  for (const instance of [a, b]) instance?.child.kill("SIGKILL");
  for (const proxy of Object.values(proxies)) await proxy.close();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  if (database) {
    const admin = new pg.Client({ connectionString: PG_URL });
    await admin.connect();
    await admin.query(`drop database if exists ${database} with (force)`);
    await admin.end();
  }
});

const signUp = (c: PortalClient, name: string) =>
  c.signUp(name, `${name.toLowerCase().replaceAll(" ", "-")}-${randomUUID()}@example.test`);

/** The agent's side as the web client keeps it: live messages, and the resync rule on "sync:required". */
function agentView(agent: PortalClient, socket: PortalSocket, roomId: string) {
  const live: ChatMessage[] = [];
  const held = new Map<number, ChatMessage>();
  socket.on("message:new", (m) => {
    live.push(m);
    held.set(m.seq, m);
  });
  socket.on("sync:required", () => {
    // After the last seq held without a gap, as the web client's thread does.
    let after = 0;
    while (held.has(after + 1)) after += 1;
    void agent
      .call("GET", `/api/chat/rooms/${roomId}/messages?after=${after}`)
      .then((r) => r.json() as Promise<ChatMessage[]>)
      .then((missed) => missed.forEach((m) => held.set(m.seq, m)));
  });
  return { live, texts: () => [...held.values()].map((m) => m.text) };
}

describe("Redis between two instances", () => {
  let artist: PortalClient;
  let agent: PortalClient;
  let roomId = "";
  let artistSocket: PortalSocket;
  let view: ReturnType<typeof agentView>;

  const send = (text: string): Promise<SendAck> =>
    artistSocket.timeout(10_000).emitWithAck("message:send", { id: randomUUID(), roomId, text });

  it("delivers what was acknowledged during an outage within 5 s of Redis returning", async (ctx) => {
    skipUnlessAvailable(ctx, skipReason);
    artist = new PortalClient(a!.url, PUBLIC_URL);
    agent = new PortalClient(b!.url, PUBLIC_URL);
    await signUp(artist, "Outage Artist");
    const agentId = await signUp(agent, "Outage Agent");
    const db = new pg.Client({ connectionString: PG_URL.replace(/\/[^/]*$/, `/${database}`) });
    await db.connect();
    await db.query(`update "user" set admin = true where id = $1`, [agentId]);
    await db.end();
    roomId = (
      (await (await artist.call("PUT", `/api/chat/rooms/with/${agentId}`)).json()) as {
        roomId: string;
      }
    ).roomId;
    artistSocket = await artist.socket();
    const agentSocket = await agent.socket();
    view = agentView(agent, agentSocket, roomId);
    expect((await send("before")).ok).toBe(true);
    await expect.poll(() => view.texts()).toContain("before");

    // Both instances lose Redis; the artist keeps writing and every send is acknowledged.
    await Promise.all([proxies.a.cut(), proxies.b.cut()]);
    const during = ["cut 1", "cut 2", "cut 3", "cut 4", "cut 5"];
    for (const text of during) expect((await send(text)).ok).toBe(true);
    // A's link comes back first: its queued publishes go out while B still
    // cannot hear them; then B's.
    await proxies.a.restore();
    await new Promise((r) => setTimeout(r, 1_500));
    await proxies.b.restore();
    await expect
      .poll(() => view.texts(), { timeout: 5_000 })
      .toEqual(expect.arrayContaining(during));
  }, 90_000);

  it("a message acknowledged just before its instance dies still reaches the other side live", async (ctx) => {
    skipUnlessAvailable(ctx, skipReason);
    // Redis is healthy again for both (the test above restored it).
    await expect.poll(async () => (await send("warm up")).ok, { timeout: 10_000 }).toBe(true);
    await expect.poll(() => view.texts()).toContain("warm up");
    // A's publishes are held back on their way to Redis, as on a slow link.
    proxies.a.hold("publish");
    const acked = send("last words");
    const early = await Promise.race([
      acked.then(() => true),
      new Promise<boolean>((r) => setTimeout(() => r(false), 700)),
    ]);
    if (early) {
      // Acknowledged before Redis had it: A dies now and its publish with it.
      a!.child.kill("SIGKILL");
      proxies.a.discard();
    } else {
      // Not acknowledged while held: let it through, then A dies right after its ack.
      proxies.a.release();
      expect((await acked).ok).toBe(true);
      a!.child.kill("SIGKILL");
    }
    await expect
      .poll(() => view.live.map((m) => m.text), { timeout: 5_000 })
      .toContain("last words");
  }, 60_000);
});
