import type { Socket } from "socket.io-client";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { SEND_WILL_RETRY } from "../../../shared/chat-events";
import {
  connectSocket,
  connected,
  createUser,
  listen,
  send,
  type TestUser,
} from "../../test/chat-test-helpers";
import { ORIGIN, createTestApp, type TestApp } from "../../test/test-app";

/**
 * Issue 23, finding 15: with the database black-holed (every query hangs),
 * readiness still answers within its documented 2 s; a chat send during a
 * database fault says the message will be retried, and it is stored when
 * sent again.
 */
let t: TestApp;
let url: string;
let artist: TestUser;
let agent: TestUser;
let socket: Socket | undefined;
beforeAll(async () => {
  t = await createTestApp();
  url = await listen(t.app);
  artist = await createUser(t.app, "Fault Artist");
  agent = await createUser(t.app, "Fault Agent", true);
});
afterAll(async () => {
  socket?.disconnect();
  vi.restoreAllMocks();
  await t.close();
});

/** Every query and transaction from now on hangs until `release` (then fails, as a lost connection would). */
function blackHole() {
  const held: ((err: Error) => void)[] = [];
  const executor = t.app.ctx.database.db.getExecutor();
  const spy = vi
    .spyOn(executor, "provideConnection")
    .mockImplementation(() => new Promise((_resolve, reject) => held.push(reject)));
  return () => {
    spy.mockRestore();
    const lost = Object.assign(new Error("Connection terminated"), { code: "ECONNRESET" });
    for (const reject of held) reject(lost);
  };
}

describe("database faults", () => {
  it("readiness answers within 2 s, naming the database, while every query hangs", async () => {
    const release = blackHole();
    try {
      const started = performance.now();
      const answer = await t.app.inject({ url: "/api/health/ready" });
      const ms = performance.now() - started;
      expect(answer.statusCode).toBe(503);
      expect(answer.json()).toMatchObject({ down: ["database"], mail: { pending: null } });
      expect(ms).toBeLessThan(2_500);
    } finally {
      release();
    }
  });

  it("a send while the database fails says the message will be retried; sent again, it is stored", async () => {
    const opened = await t.app.inject({
      method: "PUT",
      url: `/api/chat/rooms/with/${agent.id}`,
      headers: { cookie: artist.cookie, origin: ORIGIN },
    });
    const { roomId } = opened.json<{ roomId: string }>();
    socket = connectSocket(url, artist.cookie);
    await connected(socket);
    const message = { id: crypto.randomUUID(), roomId, text: "during the outage" };
    const executor = t.app.ctx.database.db.getExecutor();
    const down = Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), {
      code: "ECONNREFUSED",
    });
    const spy = vi.spyOn(executor, "provideConnection").mockRejectedValue(down);
    const deferred = await send(socket, message);
    spy.mockRestore();
    expect(deferred).toEqual({ ok: false, error: SEND_WILL_RETRY, retry: true });
    const stored = await send(socket, message);
    expect(stored).toMatchObject({ ok: true, message: { id: message.id, text: message.text } });
  });
});
