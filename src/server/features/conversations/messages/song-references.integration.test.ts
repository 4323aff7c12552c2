import { randomUUID } from "node:crypto";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { chatRoomId, type ChatMessage } from "../../../../shared/chat";
import { chatEvents } from "../../../../shared/chat-events";
import { createTestApp, ORIGIN, type TestApp } from "../../../test/test-app";
import {
  connectSocket,
  connected,
  createUser,
  listen,
  nextEvent,
  send,
  type TestUser,
} from "../../../test/chat-test-helpers";

let t: TestApp;
let app: FastifyInstance;
let url: string;

const inject = (method: "GET" | "POST" | "PUT", path: string, user: TestUser, payload?: object) =>
  app.inject({ method, url: path, headers: { cookie: user.cookie, origin: ORIGIN }, payload });

async function createSong(agent: TestUser, artistId: string, type: string) {
  const response = await inject("POST", "/api/desk/songs", agent, {
    artistId,
    type,
    status: "pending",
    artist: "Nova",
    date: "2024-05-01",
  });
  expect(response.statusCode).toBe(201);
  return response.json<{ id: string; version: number }>();
}

const messagesOf = async (user: TestUser, roomId: string) =>
  (await inject("GET", `/api/chat/rooms/${roomId}/messages`, user)).json<ChatMessage[]>();

beforeAll(async () => {
  t = await createTestApp();
  app = t.app;
  url = await listen(app);
});
afterAll(() => t.close());

describe("a song's status change in the conversation", () => {
  it("writes a system line from the agent, delivered live and kept in the history", async () => {
    const agent = await createUser(app, "Alex", true);
    const artist = await createUser(app, "Line Artist");
    const song = await createSong(agent, artist.id, "Night Drive");
    const socket = connectSocket(url, artist.cookie);
    try {
      await connected(socket);
      const live = nextEvent<ChatMessage>(socket, chatEvents.message);
      const put = await inject("PUT", `/api/desk/songs/${song.id}`, agent, {
        artistId: artist.id,
        type: "Night Drive",
        status: "released",
        artist: "Nova",
        date: "2024-05-01",
        version: song.version,
      });
      expect(put.statusCode).toBe(200);
      expect(await live).toMatchObject({
        kind: "system",
        text: "Alex marked 'Night Drive' as released",
        userId: agent.id,
      });
    } finally {
      socket.close();
    }
    const roomId = chatRoomId(agent.id, artist.id);
    const history = await messagesOf(artist, roomId);
    expect(history).toHaveLength(1);
    expect(history[0]).toMatchObject({
      kind: "system",
      song: { id: song.id, title: "Night Drive", status: "released" },
    });
    // The artist has not read it yet: the chat list shows it unread.
    const contacts = (await inject("GET", "/api/chat/contacts", artist)).json<
      { userId: string; unread: number }[]
    >();
    expect(contacts.find((c) => c.userId === agent.id)?.unread).toBe(1);
  });
});

describe("Ask about this song", () => {
  it("carries the artist's own song as a card; other songs answer like missing ones", async () => {
    const agent = await createUser(app, "Ref Agent", true);
    const artist = await createUser(app, "Ref Artist");
    const other = await createUser(app, "Other Ref Artist");
    const own = await createSong(agent, artist.id, "My Song");
    const foreign = await createSong(agent, other.id, "Their Song");
    const opened = await inject("PUT", `/api/chat/rooms/with/${agent.id}`, artist);
    const roomId = opened.json<{ roomId: string }>().roomId;

    const artistSocket = connectSocket(url, artist.cookie);
    const agentSocket = connectSocket(url, agent.cookie);
    try {
      await Promise.all([connected(artistSocket), connected(agentSocket)]);
      const agentHears = nextEvent<ChatMessage>(agentSocket, chatEvents.message);
      const ack = await send(artistSocket, {
        id: randomUUID(),
        roomId,
        text: "Why is this one late?",
        songId: own.id,
      });
      expect(ack).toMatchObject({
        ok: true,
        message: { song: { id: own.id, title: "My Song", status: "pending", coverUrl: null } },
      });
      expect((await agentHears).song?.id).toBe(own.id);

      for (const songId of [foreign.id, "no-such-song"]) {
        expect(await send(artistSocket, { id: randomUUID(), roomId, text: "x", songId })).toEqual({
          ok: false,
          error: "Song not found",
        });
      }
      // An agent may refer to the room's artist's songs only.
      expect(
        await send(agentSocket, { id: randomUUID(), roomId, text: "Looking", songId: own.id }),
      ).toMatchObject({ ok: true });
      expect(
        await send(agentSocket, { id: randomUUID(), roomId, text: "x", songId: foreign.id }),
      ).toEqual({ ok: false, error: "Song not found" });
      // An oversize id is refused by the schema.
      const bad = await send(artistSocket, {
        id: randomUUID(),
        roomId,
        text: "x",
        songId: "s".repeat(101),
      });
      expect(bad.ok).toBe(false);
    } finally {
      artistSocket.close();
      agentSocket.close();
    }
    const history = await messagesOf(agent, roomId);
    expect(history.map((m) => m.song?.title ?? null)).toEqual(["My Song", "My Song"]);
  });
});

describe("a song moved to another artist", () => {
  it("leaves the first artist's conversation: no card with its new title and status, no reply variables", async () => {
    const agent = await createUser(app, "Move Agent", true);
    const first = await createUser(app, "First Artist");
    const second = await createUser(app, "Second Artist");
    const song = await createSong(agent, first.id, "Moving Song");
    const roomId = (await inject("PUT", `/api/chat/rooms/with/${agent.id}`, first)).json<{
      roomId: string;
    }>().roomId;
    const socket = connectSocket(url, first.cookie);
    try {
      await connected(socket);
      const ack = await send(socket, {
        id: randomUUID(),
        roomId,
        text: "And this?",
        songId: song.id,
      });
      expect(ack).toMatchObject({ ok: true, message: { song: { id: song.id } } });
    } finally {
      socket.close();
    }
    const variables = async () =>
      (await inject("GET", `/api/chat/rooms/${roomId}/reply-variables`, agent)).json<
        Record<string, string>
      >();
    expect(await variables()).toMatchObject({
      "song.title": "Moving Song",
      "song.status": "pending",
    });

    // The agent moves it to the second artist, renamed and with a new status.
    const moved = await inject("PUT", `/api/desk/songs/${song.id}`, agent, {
      artistId: second.id,
      type: "Their Song Now",
      status: "released",
      artist: "Nova",
      date: "2024-05-01",
      version: song.version,
    });
    expect(moved.statusCode).toBe(200);

    for (const reader of [first, agent]) {
      const history = await messagesOf(reader, roomId);
      const asked = history.find((m) => m.text === "And this?");
      expect(asked?.song).toBeNull();
      expect(JSON.stringify(history)).not.toContain("Their Song Now");
    }
    const after = await variables();
    expect(after).not.toHaveProperty(["song.title"]);
    expect(after).not.toHaveProperty(["song.status"]);
  });
});
