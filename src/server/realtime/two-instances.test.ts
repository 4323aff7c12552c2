/**
 * Two server processes share one PostgreSQL, one Redis and one S3 bucket:
 * an artist on instance A and an agent on instance B chat live and exchange
 * a file; A is killed with SIGKILL mid-conversation, the artist reconnects to
 * B and resyncs, and nothing is lost or duplicated.
 * Skipped, with the reason, where PostgreSQL or Redis is not reachable.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { randomUUID } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { io, type Socket } from "socket.io-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { solidPng } from "../../cli/seed/solid-png";
import { chatEvents, type SendAck } from "../../shared/chat-events";
import type { ChatMessage, SendMessageInput } from "../../shared/chat";
import type { ClientToServerEvents, ServerToClientEvents } from "../../shared/socket-events";
import { startS3TestServer, type S3TestServer } from "../test/s3-test-server";
import getPort from "get-port";
import { enginesUnavailable, skipUnlessAvailable } from "../test/engines-available";
import {
  createScratchDatabase,
  dropScratchDatabase,
  DROP_DATABASE_TIMEOUT_MS,
} from "../test/scratch-database";

const PG_URL = process.env.TEST_POSTGRES_URL ?? "postgres://postgres@127.0.0.1:5432/test";
const REDIS_URL = process.env.TEST_REDIS_URL ?? "redis://127.0.0.1:6379";
/** The address of the "load balancer" both instances sit behind. */
const PUBLIC_URL = "http://localhost:4399";

type PortalSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

interface Instance {
  url: string;
  process: ChildProcess;
}

async function startInstance(env: NodeJS.ProcessEnv): Promise<Instance> {
  const port = await getPort();
  const child = spawn(process.execPath, ["--import", "tsx", "src/server/main.ts"], {
    env: { ...process.env, ...env, PORT: String(port), HOST: "127.0.0.1", LOG_LEVEL: "warn" },
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

/** A browser-like client: the session cookie, and the portal's origin on every call. */
class Client {
  cookie = "";
  constructor(public base: string) {}
  async call(method: string, url: string, body?: unknown, headers: Record<string, string> = {}) {
    const response = await fetch(this.base + url, {
      method,
      headers: {
        origin: PUBLIC_URL,
        cookie: this.cookie,
        ...(body === undefined ? {} : { "content-type": "application/json" }),
        ...headers,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const cookies = response.headers.getSetCookie();
    if (cookies.length) this.cookie = cookies.map((c) => c.split(";")[0]).join("; ");
    return response;
  }
  socket(): PortalSocket {
    return io(this.base, {
      transports: ["websocket"],
      extraHeaders: { origin: PUBLIC_URL, cookie: this.cookie },
      forceNew: true,
      reconnection: false,
    });
  }
}

const connected = (socket: PortalSocket) =>
  new Promise<void>((resolve, reject) => {
    socket.once("connect", () => resolve());
    socket.once("connect_error", reject);
  });

const send = (socket: PortalSocket, payload: SendMessageInput): Promise<SendAck> =>
  socket.timeout(5000).emitWithAck(chatEvents.send, payload);

let skipReason: string | null = null;
let s3: S3TestServer | undefined;
let database = "";
let dataDir = "";
let a: Instance | undefined;
let b: Instance | undefined;
/** The test's own database, shared by both instances. */
let databaseUrl = "";

beforeAll(async () => {
  skipReason = await enginesUnavailable(PG_URL, REDIS_URL);
  if (skipReason) return;
  ({ name: database, url: databaseUrl } = await createScratchDatabase(PG_URL, "portal_two"));
  s3 = await startS3TestServer();
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "portal-two-"));
  const env = {
    DATABASE_URL: databaseUrl,
    REDIS_URL,
    S3_BUCKET: s3.bucket,
    S3_ENDPOINT: s3.endpoint,
    S3_REGION: s3.region,
    S3_ACCESS_KEY_ID: s3.accessKeyId,
    S3_SECRET_ACCESS_KEY: s3.secretAccessKey,
    PUBLIC_URL,
    BETTER_AUTH_SECRET: "two-instance-test-secret-0123456789abcdef",
    AUTH_RATE_LIMIT_PER_MINUTE: "1000",
    DATA_DIR: dataDir,
    // Apart from other tests' instances on the same Redis (their resyncs).
    REDIS_PREFIX: database.replaceAll("_", "-"),
  };
  [a, b] = await Promise.all([startInstance(env), startInstance(env)]);
}, 120_000);

afterAll(async () => {
  for (const instance of [a, b]) instance?.process.kill("SIGKILL");
  await s3?.close();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  if (database) await dropScratchDatabase(PG_URL, database);
}, DROP_DATABASE_TIMEOUT_MS);

const signUp = (c: Client, name: string) =>
  c.call("POST", "/api/auth/sign-up/email", {
    name,
    email: `${name.toLowerCase().replaceAll(" ", "-")}-${randomUUID()}@example.test`,
    password: "Str0ng-pass!",
    consent: true,
  });

/**
 * Signs each client up under its name, and promotes those marked "agent" as
 * an operator would (create-admin), straight in the shared database. The ids
 * are the sign-up answers': no session is read (and cached by an instance)
 * before the promotion. Resolves with the ids, in order.
 */
async function signUpAll(
  people: readonly (readonly [client: Client, name: string, role?: "agent"])[],
): Promise<string[]> {
  const ids: string[] = [];
  for (const [client, name] of people) {
    const response = await signUp(client, name);
    expect(response.status).toBe(200);
    ids.push(((await response.json()) as { user: { id: string } }).user.id);
  }
  const agents = ids.filter((_, i) => people[i]![2] === "agent");
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  await db.query(`update "user" set admin = true where id = any($1)`, [agents]);
  await db.end();
  return ids;
}

describe("two instances behind one address", () => {
  // Before the SIGKILL below: both instances are needed.
  it("a change or a sign-out on one instance reaches the other's session cache at once", async (ctx) => {
    skipUnlessAvailable(ctx, skipReason);
    const onA = new Client(a!.url);
    expect((await signUp(onA, "Cached Artist")).status).toBe(200);
    const onB = new Client(b!.url);
    onB.cookie = onA.cookie;
    const me = async () => {
      const response = await onB.call("GET", "/api/me");
      return response.ok ? ((await response.json()) as { bio: string | null }) : response.status;
    };
    // B reads the session once and keeps it in its cache (30 s).
    expect(await me()).toMatchObject({ bio: null });
    expect((await onA.call("PATCH", "/api/profile", { bio: "Changed on A" })).status).toBe(200);
    await expect.poll(me, { timeout: 5_000 }).toMatchObject({ bio: "Changed on A" });
    expect((await onA.call("POST", "/api/auth/sign-out")).status).toBe(200);
    await expect.poll(me, { timeout: 5_000 }).toBe(401);
  }, 60_000);

  it("a password change on one instance ends the account's other sessions on the other at once, socket included", async (ctx) => {
    skipUnlessAvailable(ctx, skipReason);
    const email = `moving-${randomUUID()}@example.test`;
    const onA = new Client(a!.url);
    const signedUp = await onA.call("POST", "/api/auth/sign-up/email", {
      name: "Moving Artist",
      email,
      password: "Str0ng-pass!",
      consent: true,
    });
    expect(signedUp.status).toBe(200);
    const onB = new Client(b!.url);
    const signedIn = await onB.call("POST", "/api/auth/sign-in/email", {
      email,
      password: "Str0ng-pass!",
    });
    expect(signedIn.status).toBe(200);
    expect((await onB.call("GET", "/api/me")).status).toBe(200);
    const socket = onB.socket();
    await new Promise<void>((resolve, reject) => {
      socket.once("connect", resolve);
      socket.once("connect_error", reject);
    });
    const ended = new Promise<void>((resolve) => socket.once("disconnect", () => resolve()));

    const changed = await onA.call("POST", "/api/account/change-password", {
      currentPassword: "Str0ng-pass!",
      newPassword: "N3w-Str0ng-pass!",
      confirmPassword: "N3w-Str0ng-pass!",
    });
    expect(changed.status).toBe(200);
    // The browser that changed it keeps going, with its fresh session.
    expect((await onA.call("GET", "/api/me")).status).toBe(200);
    await expect
      .poll(async () => (await onB.call("GET", "/api/me")).status, { timeout: 5_000 })
      .toBe(401);
    await ended;
    socket.close();
  }, 60_000);

  it("the team desk live across instances: assignment, resolve and notes reach an agent on the other, never the artist", async (ctx) => {
    skipUnlessAvailable(ctx, skipReason);
    const artist = new Client(a!.url);
    const one = new Client(a!.url);
    const two = new Client(b!.url);
    const ids = await signUpAll([
      [artist, "Desk Artist"],
      [one, "Desk One", "agent"],
      [two, "Desk Two", "agent"],
    ]);
    const { roomId } = (await (
      await artist.call("PUT", `/api/chat/rooms/with/${ids[1]}`)
    ).json()) as {
      roomId: string;
    };
    const artistSocket = artist.socket();
    const twoSocket = two.socket();
    await Promise.all([connected(artistSocket), connected(twoSocket)]);
    const atTwo: { name: string; payload: { kind?: string; status?: string } }[] = [];
    const atArtist: string[] = [];
    twoSocket.onAny((name: string, payload: { kind?: string; status?: string }) =>
      atTwo.push({ name, payload }),
    );
    artistSocket.onAny((name: string, payload: { kind?: string } | undefined) => {
      if (name === "desk:changed" || payload?.kind === "note" || payload?.kind === "event")
        atArtist.push(name);
    });
    // Two has the conversation open on instance B.
    expect(await twoSocket.timeout(5000).emitWithAck("room:watch", { roomId })).toEqual({
      ok: true,
    });
    const asOne = (method: string, path: string, body?: unknown) =>
      one.call(method, `/api/desk/rooms/${roomId}${path}`, body);
    expect((await asOne("PUT", "/assignee", { assigneeId: ids[2] })).status).toBe(200);
    expect((await asOne("POST", "/resolve")).status).toBe(200);
    expect((await asOne("POST", "/notes", { id: randomUUID(), text: "across" })).status).toBe(200);
    await expect
      .poll(() => atTwo.filter((e) => e.name === "desk:changed").map((e) => e.payload.status))
      .toEqual(["open", "resolved"]);
    await expect.poll(() => atTwo.some((e) => e.payload.kind === "note")).toBe(true);
    // The desk's coalesced signal crosses instances too.
    await expect.poll(() => atTwo.some((e) => e.name === "desk:activity")).toBe(true);
    await new Promise((r) => setTimeout(r, 300));
    expect(atArtist).toEqual([]);
    artistSocket.disconnect();
    twoSocket.disconnect();
  }, 60_000);

  it("a song opened or changed on one instance is fresh at once in the other's cached list and record", async (ctx) => {
    skipUnlessAvailable(ctx, skipReason);
    const artistOnA = new Client(a!.url);
    const agent = new Client(a!.url);
    const ids = await signUpAll([
      [artistOnA, "Record Artist"],
      [agent, "Record Agent", "agent"],
    ]);
    const fields = {
      artistId: ids[0],
      type: "Across",
      status: "pending",
      artist: "A",
      date: "2024-05-01",
    };
    const artistOnB = new Client(b!.url);
    artistOnB.cookie = artistOnA.cookie;
    const listed = async () =>
      (
        (await (await artistOnB.call("GET", "/api/songs")).json()) as {
          items: { status: string }[];
        }
      ).items[0]?.status;
    // B keeps the artist's empty list, so only the creation's song.changed,
    // relayed over Redis, can make B answer the new song: once it does, B has
    // heard it, and it can no longer drop what B reads next (the record).
    expect(await listed()).toBeUndefined();
    const created = await agent.call("POST", "/api/desk/songs", fields);
    expect(created.status).toBe(201);
    const { id, version } = (await created.json()) as { id: string; version: number };
    await expect.poll(listed, { timeout: 5_000 }).toBe("pending");
    // The artist's record on B: cached there now, like the list page.
    const record = async () =>
      (await (await artistOnB.call("GET", `/api/songs/${id}`)).json()) as {
        views: number;
        status: string;
      };
    expect(await record()).toMatchObject({ views: 0, status: "pending" });
    // Cached on A too; then a field written behind both instances' backs: a
    // record read again from the database would show it, a record kept would not.
    const onA = await artistOnA.call("GET", `/api/songs/${id}`);
    const etagBefore = onA.headers.get("etag");
    const quiet = new pg.Client({ connectionString: databaseUrl });
    await quiet.connect();
    await quiet.query(`update song_request set album = 'Quietly' where id = $1`, [id]);
    await quiet.end();

    // Opened on A: both instances raise their kept record to the view's counts.
    const opened = await artistOnA.call("POST", `/api/songs/${id}/views`, {});
    expect(opened.status).toBe(200);
    const openedBody = await opened.text();
    await expect.poll(async () => (await record()).views, { timeout: 5_000 }).toBe(1);
    const [readOnA, readOnB] = await Promise.all(
      [artistOnA, artistOnB].map((c) =>
        c.call("GET", `/api/songs/${id}`, undefined, { "if-none-match": etagBefore ?? "" }),
      ),
    );
    expect(readOnA!.status).toBe(200);
    expect(readOnB!.status).toBe(200);
    const [bodyOnA, bodyOnB] = await Promise.all([readOnA!.text(), readOnB!.text()]);
    // Kept, not read again, on both; the same bytes and the same new ETag on both.
    const kept = JSON.parse(bodyOnB) as {
      views: number;
      album: string;
      dailyViews: { views: number }[];
    };
    expect(kept.views).toBe(1);
    expect(kept.dailyViews.at(-1)?.views).toBe(1);
    expect(kept.album).not.toBe("Quietly");
    expect(bodyOnA).toBe(bodyOnB);
    expect(openedBody).toBe(bodyOnA);
    expect(readOnB!.headers.get("etag")).toBe(readOnA!.headers.get("etag"));
    expect(readOnB!.headers.get("etag")).not.toBe(etagBefore);
    const changed = await agent.call("PUT", `/api/desk/songs/${id}`, {
      ...fields,
      status: "released",
      version,
    });
    expect(changed.status).toBe(200);
    await expect.poll(async () => (await record()).status, { timeout: 5_000 }).toBe("released");
    await expect.poll(listed, { timeout: 5_000 }).toBe("released");
    // Another artist still gets 404 on B, where the record is cached.
    const stranger = new Client(b!.url);
    expect((await signUp(stranger, "Record Stranger")).status).toBe(200);
    expect((await stranger.call("GET", `/api/songs/${id}`)).status).toBe(404);
  }, 60_000);

  it("chat live across instances, survive a SIGKILL without losing or doubling a message", async (ctx) => {
    skipUnlessAvailable(ctx, skipReason);
    const artist = new Client(a!.url);
    const agent = new Client(b!.url);
    const [, agentId] = await signUpAll([
      [artist, "Artist"],
      [agent, "Agent", "agent"],
    ]);

    const room = (await (await artist.call("PUT", `/api/chat/rooms/with/${agentId}`)).json()) as {
      roomId: string;
    };
    const artistSocket = artist.socket();
    const agentSocket = agent.socket();
    await Promise.all([connected(artistSocket), connected(agentSocket)]);

    // Live both ways, each side on its own instance.
    const atAgent: ChatMessage[] = [];
    const atArtist: ChatMessage[] = [];
    agentSocket.on(chatEvents.message, (m: ChatMessage) => atAgent.push(m));
    artistSocket.on(chatEvents.message, (m: ChatMessage) => atArtist.push(m));
    const hello = await send(artistSocket, { id: randomUUID(), roomId: room.roomId, text: "hi" });
    expect(hello.ok).toBe(true);
    const reply = await send(agentSocket, { id: randomUUID(), roomId: room.roomId, text: "hello" });
    expect(reply.ok).toBe(true);
    await expect.poll(() => atAgent.map((m) => m.text)).toContain("hi");
    await expect.poll(() => atArtist.map((m) => m.text)).toContain("hello");

    // A file uploaded through A (into the shared bucket) is downloaded through B.
    const png = solidPng(32, 32, [0, 128, 255]);
    const meta = (k: string, v: string) => `${k} ${Buffer.from(v).toString("base64")}`;
    const created = await artist.call("POST", "/api/uploads", undefined, {
      "tus-resumable": "1.0.0",
      "upload-length": String(png.length),
      "upload-metadata": [
        meta("purpose", "chat"),
        meta("roomId", room.roomId),
        meta("filename", "cover.png"),
        meta("filetype", "image/png"),
      ].join(","),
    });
    expect(created.status).toBe(201);
    const patched = await fetch(a!.url + created.headers.get("location")!, {
      method: "PATCH",
      headers: {
        origin: PUBLIC_URL,
        cookie: artist.cookie,
        "tus-resumable": "1.0.0",
        "upload-offset": "0",
        "content-type": "application/offset+octet-stream",
      },
      body: new Uint8Array(png),
    });
    expect(patched.status).toBe(200);
    const file = (await patched.json()) as { id: string };
    const fileAck = await send(artistSocket, {
      id: randomUUID(),
      roomId: room.roomId,
      fileId: file.id,
    });
    expect(fileAck.ok).toBe(true);
    const fileMessage = fileAck.ok ? fileAck.message : undefined;
    await expect.poll(() => atAgent.some((m) => m.id === fileMessage?.id)).toBe(true);
    const download = await agent.call("GET", fileMessage!.fileUrl!);
    expect(download.status).toBe(200);
    expect(Buffer.from(await download.arrayBuffer()).equals(png)).toBe(true);

    // The agent keeps writing while A dies under the artist, who has just sent
    // a message on A: A may or may not have stored it, and its ack is lost.
    const lostId = randomUUID();
    const agentSent: string[] = [];
    let killed = false;
    for (let i = 0; i < 12; i++) {
      const ack = await send(agentSocket, {
        id: randomUUID(),
        roomId: room.roomId,
        text: `burst ${i}`,
      });
      expect(ack.ok).toBe(true);
      if (ack.ok) agentSent.push(ack.message.id);
      if (i === 4) {
        artistSocket.emit(
          chatEvents.send,
          { id: lostId, roomId: room.roomId, text: "retry" },
          () => {},
        );
        a!.process.kill("SIGKILL");
        killed = true;
      }
    }
    expect(killed).toBe(true);
    await expect.poll(() => artistSocket.connected).toBe(false);

    // The send whose ack was lost with A is retried, with the same id, on B.
    const artistOnB = new Client(b!.url);
    artistOnB.cookie = artist.cookie;
    const retrySocket = artistOnB.socket();
    await connected(retrySocket);
    const retried = await send(retrySocket, { id: lostId, roomId: room.roomId, text: "retry" });
    const again = await send(retrySocket, { id: lostId, roomId: room.roomId, text: "retry" });
    expect(retried.ok && again.ok).toBe(true);

    // Resync after the last seq the artist holds, then merge by id as the client does.
    const lastSeq = Math.max(...atArtist.map((m) => m.seq));
    const missed = (await (
      await artistOnB.call("GET", `/api/chat/rooms/${room.roomId}/messages?after=${lastSeq}`)
    ).json()) as ChatMessage[];
    const merged = new Map<string, ChatMessage>();
    for (const m of [...atArtist, ...missed]) merged.set(m.id, m);
    const ids = [...merged.values()].sort((x, y) => x.seq - y.seq).map((m) => m.id);

    for (const id of agentSent) expect(ids).toContain(id);
    expect(ids.filter((id) => id === lostId)).toHaveLength(1);
    // Nothing is stored twice: the server's history has each id once.
    const history = (await (
      await artistOnB.call("GET", `/api/chat/rooms/${room.roomId}/messages?after=0`)
    ).json()) as ChatMessage[];
    expect(new Set(history.map((m) => m.id)).size).toBe(history.length);
    expect(history.filter((m) => m.id === lostId)).toHaveLength(1);
    expect(history.map((m) => m.seq)).toEqual([...history.map((m) => m.seq)].sort((x, y) => x - y));
    expect(history).toHaveLength(1 + 1 + 1 + agentSent.length + 1);

    for (const s of [artistSocket, agentSocket, retrySocket]) s.disconnect();
  }, 120_000);
});
