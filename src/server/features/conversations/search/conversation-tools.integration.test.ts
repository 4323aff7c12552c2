import { randomUUID } from "node:crypto";
import type { FastifyInstance } from "fastify";
import type { Socket } from "socket.io-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ChatMessage, OpenedRoom } from "../../../../shared/chat";
import { SEARCH_MATCH_LIMIT, type MessageSearchResult } from "../../../../shared/message-search";
import { QUOTE_NOT_FOUND } from "../../../../shared/quote";
import type { ReplyVariables } from "../../../../shared/saved-replies";
import { createTestApp, ORIGIN, type TestApp } from "../../../test/test-app";
import {
  connectSocket,
  connected,
  createUser,
  listen,
  send,
  type TestUser,
} from "../../../test/chat-test-helpers";
import { insertMessage } from "../repositories";

let t: TestApp;
let app: FastifyInstance;
let url: string;
let agent: TestUser;
let artist: TestUser;
let other: TestUser;
let roomId: string;
let otherRoomId: string;
const sockets: Socket[] = [];

const inject = (method: "GET" | "PUT" | "POST", path: string, user: TestUser) =>
  app.inject({ method, url: path, headers: { cookie: user.cookie, origin: ORIGIN } });

async function socketOf(user: TestUser): Promise<Socket> {
  const socket = connectSocket(url, user.cookie);
  sockets.push(socket);
  await connected(socket);
  return socket;
}

async function open(user: TestUser, peer: TestUser): Promise<OpenedRoom> {
  const response = await inject("PUT", `/api/chat/rooms/with/${peer.id}`, user);
  expect(response.statusCode).toBe(200);
  return response.json<OpenedRoom>();
}

/** Stores messages directly, `minutesAgo` apart, as a long history would hold them. */
async function seed(room: string, from: TestUser, texts: string[], startAt = Date.now() - 1e7) {
  const db = t.app.ctx.database.db;
  await db.transaction().execute(async (trx) => {
    for (const [i, text] of texts.entries()) {
      await insertMessage(trx, {
        id: randomUUID(),
        roomId: room,
        senderId: from.id,
        senderName: "Seeder",
        text,
        createdAt: startAt + i,
        file: null,
      });
    }
  });
}

beforeAll(async () => {
  t = await createTestApp();
  app = t.app;
  url = await listen(app);
  agent = await createUser(app, "Quote Agent", true);
  artist = await createUser(app, "Quote Artist");
  other = await createUser(app, "Other Artist");
  roomId = (await open(artist, agent)).roomId;
  otherRoomId = (await open(other, agent)).roomId;
});
afterAll(async () => {
  for (const socket of sockets) socket.disconnect();
  await t.close();
});

describe("reply with a quote", () => {
  it("stores the quote on both sides, in the ack, live and in the history", async () => {
    const artistSocket = await socketOf(artist);
    const agentSocket = await socketOf(agent);
    const question = await send(artistSocket, {
      id: randomUUID(),
      roomId,
      text: "What is my ISRC?\nAnd the UPC?",
    });
    expect(question.ok).toBe(true);
    const questionId = question.ok ? question.message.id : "";
    const answer = await send(agentSocket, {
      id: randomUUID(),
      roomId,
      text: "QZ-ABC-24-00001",
      quoteId: questionId,
    });
    expect(answer.ok && answer.message.quote).toMatchObject({
      id: questionId,
      userId: artist.id,
      excerpt: "What is my ISRC?",
      fileType: null,
    });
    const history = (await inject("GET", `/api/chat/rooms/${roomId}/messages`, artist)).json<
      ChatMessage[]
    >();
    const stored = history.find((m) => m.text === "QZ-ABC-24-00001");
    expect(stored?.quote?.id).toBe(questionId);
    expect(stored?.quote?.seq).toBe(history.find((m) => m.id === questionId)?.seq);
  });

  it("refuses a quote of another room's message or of an unknown id, storing nothing", async () => {
    const otherSocket = await socketOf(other);
    const elsewhere = await send(otherSocket, { id: randomUUID(), roomId: otherRoomId, text: "x" });
    const elsewhereId = elsewhere.ok ? elsewhere.message.id : "";
    const artistSocket = await socketOf(artist);
    const id = randomUUID();
    for (const quoteId of [elsewhereId, randomUUID()]) {
      const ack = await send(artistSocket, { id, roomId, text: "sneaky", quoteId });
      expect(ack).toEqual({ ok: false, error: QUOTE_NOT_FOUND });
    }
    const history = (await inject("GET", `/api/chat/rooms/${roomId}/messages`, artist)).json<
      ChatMessage[]
    >();
    expect(history.some((m) => m.id === id)).toBe(false);
  });
});

describe("search in a conversation", () => {
  it("finds words by prefix over the whole history, newest first, in this room only", async () => {
    const agent2 = await createUser(app, "Search Agent", true);
    const searcher = await createUser(app, "Searcher");
    const room = (await open(searcher, agent2)).roomId;
    const texts = Array.from({ length: 450 }, (_, i) =>
      i === 3
        ? "The ISRC you asked for: QZABC2400001"
        : i === 10
          ? "isrcs are codes"
          : `filler ${i}`,
    );
    await seed(room, searcher, texts);
    await seed(otherRoomId, other, ["ISRC in another room"]);
    const response = await inject(
      "GET",
      `/api/chat/rooms/${room}/search?q=${encodeURIComponent("  Isrc ")}`,
      searcher,
    );
    expect(response.statusCode).toBe(200);
    const result = response.json<MessageSearchResult>();
    expect(result.terms).toEqual(["isrc"]);
    expect(result.more).toBe(false);
    expect(result.matches).toHaveLength(2);
    expect(result.matches[0]!.seq).toBeGreaterThan(result.matches[1]!.seq);
    // Both matches lie beyond the latest page (200), where the client has not loaded.
    expect(result.matches[1]!.seq).toBe(4);
    const both = await inject("GET", `/api/chat/rooms/${room}/search?q=isrc+qzabc`, searcher);
    expect(both.json<MessageSearchResult>().matches.map((m) => m.seq)).toEqual([4]);
    const none = await inject("GET", `/api/chat/rooms/${room}/search?q=%22)(*`, searcher);
    expect(none.json<MessageSearchResult>().matches).toEqual([]);
  });

  it("a common word stops at the cap with the newest matches, and says there are more", async () => {
    const agent3 = await createUser(app, "Busy Agent", true);
    const busy = await createUser(app, "Busy Artist");
    const room = (await open(busy, agent3)).roomId;
    // 540 matches among 700 messages, the newest one not a match; then a
    // word in 180 of them (under the cap: every match, from the whole history).
    const texts = Array.from({ length: 700 }, (_, i) =>
      i === 699 ? "nothing here" : i % 9 < 7 ? `release plan ${i}` : `mastering ${i}`,
    );
    await seed(room, busy, texts);
    const common = (
      await inject("GET", `/api/chat/rooms/${room}/search?q=release`, busy)
    ).json<MessageSearchResult>();
    const expected = texts
      .map((text, i) => ({ text, seq: i + 1 }))
      .filter((m) => m.text.startsWith("release"))
      .map((m) => m.seq)
      .reverse();
    expect(common.more).toBe(true);
    expect(common.matches.map((m) => m.seq)).toEqual(expected.slice(0, SEARCH_MATCH_LIMIT));
    const rarer = (
      await inject("GET", `/api/chat/rooms/${room}/search?q=master`, busy)
    ).json<MessageSearchResult>();
    expect(rarer.more).toBe(false);
    expect(rarer.matches).toHaveLength(texts.filter((x) => x.startsWith("mastering")).length);
  });

  it("validates the terms and lets only the room's members search", async () => {
    for (const q of ["", "%20%20", "x".repeat(201)]) {
      const bad = await inject("GET", `/api/chat/rooms/${roomId}/search?q=${q}`, artist);
      expect(bad.statusCode).toBe(400);
      expect(bad.json<{ message: string }>().message).toMatch(/search/i);
    }
    const stranger = await inject("GET", `/api/chat/rooms/${roomId}/search?q=isrc`, other);
    expect(stranger.statusCode).toBe(403);
  });
});

describe("the unread divider's place", () => {
  it("is the first message from the other person after the read mark, with the count", async () => {
    const agent3 = await createUser(app, "Divider Agent", true);
    const reader = await createUser(app, "Reader");
    const first = await open(reader, agent3);
    expect(first.firstUnread).toBeNull();
    await seed(first.roomId, agent3, ["one", "two", "three"], Date.now() + 2);
    await new Promise((resolve) => setTimeout(resolve, 20));
    const again = await open(reader, agent3);
    expect(again.firstUnread).toEqual({ seq: 1, count: 3 });
    expect((await open(reader, agent3)).firstUnread).toBeNull();
  });
});

describe("saved-reply variables", () => {
  it("are the artist, the agent and the song last referred to; agents only", async () => {
    const response = await inject("GET", `/api/chat/rooms/${roomId}/reply-variables`, agent);
    expect(response.statusCode).toBe(200);
    expect(response.json<ReplyVariables>()).toEqual({
      "artist.name": "Quote Artist",
      "artist.email": artist.email,
      "agent.name": "Quote Agent",
    });
    const forbidden = await inject("GET", `/api/chat/rooms/${roomId}/reply-variables`, artist);
    expect(forbidden.statusCode).toBe(403);
  });
});

describe("internal notes and teammates (team desk)", () => {
  const postNote = async (user: TestUser, room: string, text: string) => {
    const response = await app.inject({
      method: "POST",
      url: `/api/desk/rooms/${room}/notes`,
      headers: { cookie: user.cookie, origin: ORIGIN },
      payload: { id: randomUUID(), text },
    });
    expect(response.statusCode).toBeLessThan(300);
    return response.json<ChatMessage>();
  };
  const search = async (user: TestUser, room: string, q: string) => {
    const response = await inject("GET", `/api/chat/rooms/${room}/search?q=${q}`, user);
    expect(response.statusCode).toBe(200);
    return response.json<MessageSearchResult>().matches;
  };

  it("an artist never finds a note by search; agents do", async () => {
    await postNote(agent, roomId, "Zanzibar royalties look wrong");
    expect(await search(artist, roomId, "zanzibar")).toEqual([]);
    expect(await search(agent, roomId, "zanzibar")).toHaveLength(1);
  });

  it("a note cannot be quoted, by the artist nor in an agent's reply the artist would read", async () => {
    const secret = await postNote(agent, roomId, "Do not promise a date yet");
    const artistSocket = await socketOf(artist);
    const agentSocket = await socketOf(agent);
    for (const socket of [artistSocket, agentSocket]) {
      const id = randomUUID();
      const ack = await send(socket, { id, roomId, text: "about that", quoteId: secret.id });
      expect(ack).toEqual({ ok: false, error: QUOTE_NOT_FOUND });
    }
    const history = (await inject("GET", `/api/chat/rooms/${roomId}/messages`, artist)).json<
      ChatMessage[]
    >();
    expect(JSON.stringify(history)).not.toContain("Do not promise");
  });

  it("an artist's unread start skips notes", async () => {
    const agent4 = await createUser(app, "Note Agent", true);
    const reader = await createUser(app, "Note Reader");
    const room = (await open(reader, agent4)).roomId;
    await new Promise((resolve) => setTimeout(resolve, 5));
    await postNote(agent4, room, "internal only");
    expect((await open(reader, agent4)).firstUnread).toBeNull();
  });

  it("a teammate who is not a member searches and fills in the room's artist", async () => {
    const teammate = await createUser(app, "Teammate Agent", true);
    expect(await search(teammate, roomId, "zanzibar")).toHaveLength(1);
    const response = await inject("GET", `/api/chat/rooms/${roomId}/reply-variables`, teammate);
    expect(response.statusCode).toBe(200);
    expect(response.json<ReplyVariables>()).toMatchObject({
      "artist.name": "Quote Artist",
      "agent.name": "Teammate Agent",
    });
  });
});
