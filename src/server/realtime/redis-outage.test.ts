/**
 * Two instances, each reaching Redis through a TCP proxy this test starts
 * (the machine's Redis is never touched): a Redis outage must not leave
 * acknowledged messages undelivered (issue 20, #4), and a message acknowledged
 * just before its instance dies must already be on its way (#6).
 * Skipped, with the reason, where PostgreSQL or Redis is not reachable.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { randomUUID } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import getPort from "get-port";
import pg from "pg";
import { io, type Socket } from "socket.io-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ChatMessage } from "../../shared/chat";
import type { SendAck } from "../../shared/chat-events";
import type { ClientToServerEvents, ServerToClientEvents } from "../../shared/socket-events";
import { enginesUnavailable, skipUnlessAvailable } from "../test/engines-available";
import { TcpProxy } from "../test/tcp-proxy";

const PG_URL = process.env.TEST_POSTGRES_URL ?? "postgres://postgres@127.0.0.1:5432/test";
const REDIS_URL = process.env.TEST_REDIS_URL ?? "redis://127.0.0.1:6379";
const PUBLIC_URL = "http://localhost:4398";
type PortalSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

async function startInstance(env: NodeJS.ProcessEnv) {
  const port = await getPort();
  const child: ChildProcess = spawn(process.execPath, ["--import", "tsx", "src/server/main.ts"], {
    env: { ...process.env, ...env, PORT: String(port), HOST: "127.0.0.1", LOG_LEVEL: "error" },
    stdio: ["ignore", "inherit", "inherit"],
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`instance exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${url}/api/health`)).ok) return { url, process: child };
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error("instance did not become healthy");
    await new Promise((r) => setTimeout(r, 200));
  }
}

class Client {
  cookie = "";
  constructor(public base: string) {}
  async call(method: string, url: string, body?: unknown) {
    const response = await fetch(this.base + url, {
      method,
      headers: {
        origin: PUBLIC_URL,
        cookie: this.cookie,
        ...(body === undefined ? {} : { "content-type": "application/json" }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const cookies = response.headers.getSetCookie();
    if (cookies.length) this.cookie = cookies.map((c) => c.split(";")[0]).join("; ");
    return response;
  }
  async connect(): Promise<PortalSocket> {
    const socket: PortalSocket = io(this.base, {
      transports: ["websocket"],
      extraHeaders: { origin: PUBLIC_URL, cookie: this.cookie },
      forceNew: true,
      reconnection: false,
    });
    await new Promise<void>((resolve, reject) => {
      socket.once("connect", resolve);
      socket.once("connect_error", reject);
    });
    return socket;
  }
}

let skipReason: string | null = null;
let database = "";
let dataDir = "";
const redisTarget = new URL(REDIS_URL);
const proxies = {
  a: new TcpProxy(redisTarget.hostname, Number(redisTarget.port || 6379)),
  b: new TcpProxy(redisTarget.hostname, Number(redisTarget.port || 6379)),
};
let a: Awaited<ReturnType<typeof startInstance>> | undefined;
let b: Awaited<ReturnType<typeof startInstance>> | undefined;

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
  for (const instance of [a, b]) instance?.process.kill("SIGKILL");
  for (const proxy of Object.values(proxies)) await proxy.close();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  if (database) {
    const admin = new pg.Client({ connectionString: PG_URL });
    await admin.connect();
    await admin.query(`drop database if exists ${database} with (force)`);
    await admin.end();
  }
});

const signUp = async (c: Client, name: string) => {
  const response = await c.call("POST", "/api/auth/sign-up/email", {
    name,
    email: `${name.toLowerCase().replaceAll(" ", "-")}-${randomUUID()}@example.test`,
    password: "Str0ng-pass!",
    consent: true,
  });
  expect(response.status).toBe(200);
  return ((await (await c.call("GET", "/api/me")).json()) as { id: string }).id;
};

/** The agent's side as the web client keeps it: live messages, and the resync rule on "sync:required". */
function agentView(agent: Client, socket: PortalSocket, roomId: string) {
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
  let artist: Client;
  let agent: Client;
  let roomId = "";
  let artistSocket: PortalSocket;
  let view: ReturnType<typeof agentView>;

  const send = (text: string): Promise<SendAck> =>
    artistSocket.timeout(10_000).emitWithAck("message:send", { id: randomUUID(), roomId, text });

  it("delivers what was acknowledged during an outage within 5 s of Redis returning", async (ctx) => {
    skipUnlessAvailable(ctx, skipReason);
    artist = new Client(a!.url);
    agent = new Client(b!.url);
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
    artistSocket = await artist.connect();
    const agentSocket = await agent.connect();
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
      a!.process.kill("SIGKILL");
      proxies.a.discard();
    } else {
      // Not acknowledged while held: let it through, then A dies right after its ack.
      proxies.a.release();
      expect((await acked).ok).toBe(true);
      a!.process.kill("SIGKILL");
    }
    await expect
      .poll(() => view.live.map((m) => m.text), { timeout: 5_000 })
      .toContain("last words");
  }, 60_000);
});
