import { randomUUID } from "node:crypto";
import type { Socket } from "socket.io-client";
import { afterEach, describe, expect, it } from "vitest";
import { ORIGIN, createTestApp, type TestApp } from "../../../test/test-app";
import { chatRoomId, type ChatMessage } from "../../../../shared/chat";
import { SEND_TOO_FAST } from "../../../../shared/chat-events";
import {
  connectSocket,
  connected,
  createUser,
  listen,
  send,
} from "../../../test/chat-test-helpers";

let t: TestApp | undefined;
const sockets: Socket[] = [];
afterEach(async () => {
  for (const s of sockets.splice(0)) s.disconnect();
  await t?.close();
  t = undefined;
});

/** An app with these send limits, an artist's socket and the room with an agent. */
async function setUp(env: Record<string, string>) {
  t = await createTestApp({}, undefined, undefined, env);
  const url = await listen(t.app);
  const artist = await createUser(t.app, "Quick Typist");
  const agent = await createUser(t.app, "Patient Agent", true);
  const opened = await t.app.inject({
    method: "PUT",
    url: `/api/chat/rooms/with/${agent.id}`,
    headers: { cookie: artist.cookie, origin: ORIGIN },
  });
  expect(opened.statusCode).toBe(200);
  const socket = connectSocket(url, artist.cookie);
  sockets.push(socket);
  await connected(socket);
  return { app: t.app, artist, agent, socket, roomId: chatRoomId(artist.id, agent.id) };
}

async function storedTexts(app: TestApp["app"], cookie: string, roomId: string) {
  const response = await app.inject({
    url: `/api/chat/rooms/${roomId}/messages`,
    headers: { cookie },
  });
  return response.json<{ text: string }[]>().map((m) => m.text);
}

describe("chat send limits", () => {
  it("refuses sends beyond the burst with a clear message and stores none of them", async () => {
    const { app, artist, socket, roomId } = await setUp({
      CHAT_SEND_BURST: "3",
      CHAT_SENDS_PER_MINUTE: "100",
    });
    const acks = [];
    for (let i = 1; i <= 5; i++) {
      acks.push(await send(socket, { id: randomUUID(), roomId, text: `burst ${i}` }));
    }
    expect(acks.map((a) => a.ok)).toEqual([true, true, true, false, false]);
    expect(acks[3]).toEqual({ ok: false, error: SEND_TOO_FAST });
    expect(await storedTexts(app, artist.cookie, roomId)).toEqual([
      "burst 1",
      "burst 2",
      "burst 3",
    ]);
  });

  it("refuses sends beyond the sustained rate per minute", async () => {
    const { app, artist, socket, roomId } = await setUp({
      CHAT_SEND_BURST: "100",
      CHAT_SENDS_PER_MINUTE: "2",
    });
    const first = await send(socket, { id: randomUUID(), roomId, text: "one" });
    const second = await send(socket, { id: randomUUID(), roomId, text: "two" });
    const third = await send(socket, { id: randomUUID(), roomId, text: "three" });
    expect([first.ok, second.ok]).toEqual([true, true]);
    expect(third).toEqual({ ok: false, error: SEND_TOO_FAST });
    expect(await storedTexts(app, artist.cookie, roomId)).toEqual(["one", "two"]);
  });

  it("still answers a retried send of a stored message once the budget is spent", async () => {
    const { socket, roomId } = await setUp({ CHAT_SEND_BURST: "1", CHAT_SENDS_PER_MINUTE: "100" });
    const id = randomUUID();
    const first = await send(socket, { id, roomId, text: "ack got lost" });
    expect(first.ok).toBe(true);
    // The lost ack's retry is not a new message: it gets the stored one, not a refusal.
    const retry = await send(socket, { id, roomId, text: "ack got lost" });
    expect(retry).toMatchObject({ ok: true, message: { id, text: "ack got lost" } });
    expect(await send(socket, { id: randomUUID(), roomId, text: "new" })).toEqual({
      ok: false,
      error: SEND_TOO_FAST,
    });
  });

  it("never answers a spent budget's retry with an agents-only line stored under the artist's name", async () => {
    const { app, agent, socket, roomId } = await setUp({
      CHAT_SEND_BURST: "1",
      CHAT_SENDS_PER_MINUTE: "100",
    });
    const resolved = await app.inject({
      method: "POST",
      url: `/api/desk/rooms/${roomId}/resolve`,
      headers: { cookie: agent.cookie, origin: ORIGIN },
    });
    expect(resolved.statusCode).toBe(200);
    // The artist writes again: the desk reopens it with a line under the artist's name.
    expect((await send(socket, { id: randomUUID(), roomId, text: "back" })).ok).toBe(true);
    const lineOf = async () => {
      const response = await app.inject({
        url: `/api/chat/rooms/${roomId}/messages`,
        headers: { cookie: agent.cookie },
      });
      return response
        .json<ChatMessage[]>()
        .find((m) => m.kind === "event" && m.text.includes("Reopened"));
    };
    await expect.poll(lineOf).toBeDefined();
    const line = (await lineOf())!;
    expect(await send(socket, { id: line.id, roomId, text: "x" })).toEqual({
      ok: false,
      error: SEND_TOO_FAST,
    });
  });
});
