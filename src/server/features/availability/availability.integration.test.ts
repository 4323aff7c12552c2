import { randomUUID } from "node:crypto";
import type { FastifyInstance } from "fastify";
import type { Socket } from "socket.io-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  AVAILABILITY_CHANGED_EVENT,
  utcDay,
  type AvailabilityChangedEvent,
} from "../../../shared/availability";
import type { ChatContact, OpenedRoom } from "../../../shared/chat";
import type { OwnAvailability } from "../../../shared/responses/conversation-tools";
import { createTestApp, ORIGIN, type TestApp } from "../../test/test-app";
import {
  connectSocket,
  connected,
  createUser,
  listen,
  nextEvent,
  type TestUser,
} from "../../test/chat-test-helpers";
import { insertMessage } from "../conversations/repositories";
import { DAY_MS } from "../../../shared/durations";

let t: TestApp;
let app: FastifyInstance;
let url: string;

const call = (method: "GET" | "PUT", path: string, user: TestUser, payload?: object) =>
  app.inject({ method, url: path, headers: { cookie: user.cookie, origin: ORIGIN }, payload });

const MINUTE = 60_000;
/** One "now" for every stored line, so the expected durations are exact. */
const base = Date.now();

async function open(user: TestUser, peer: TestUser) {
  return (await call("PUT", `/api/chat/rooms/with/${peer.id}`, user)).json<OpenedRoom>();
}

/** One conversation as stored: [who, minutes ago] in order. */
async function conversation(roomId: string, lines: [TestUser, number][]) {
  const db = app.ctx.database.db;
  for (const [who, minutesAgo] of lines) {
    await insertMessage(db, {
      id: randomUUID(),
      roomId,
      senderId: who.id,
      senderName: "x",
      text: "line",
      createdAt: base - minutesAgo * MINUTE,
      file: null,
    });
  }
}

beforeAll(async () => {
  t = await createTestApp();
  app = t.app;
  url = await listen(app);
});
afterAll(() => t.close());

describe("agent availability", () => {
  it("an agent sets Away with a return day; artists see it in the list and the header, live", async () => {
    const agent = await createUser(app, "Away Agent", true);
    const artist = await createUser(app, "Watching Artist");
    const socket: Socket = connectSocket(url, artist.cookie);
    try {
      await connected(socket);
      const until = utcDay(Date.now() + 7 * DAY_MS);
      const live = nextEvent<AvailabilityChangedEvent>(socket, AVAILABILITY_CHANGED_EVENT);
      const set = await call("PUT", "/api/availability", agent, { away: true, until });
      expect(set.statusCode).toBe(200);
      expect(set.json<OwnAvailability>()).toMatchObject({ away: true, until });
      expect(await live).toEqual({
        agentId: agent.id,
        availability: { away: true, awayUntil: until, medianReplyMs: null },
      });
      const contacts = (await call("GET", "/api/chat/contacts", artist)).json<ChatContact[]>();
      expect(contacts.find((c) => c.userId === agent.id)?.availability).toMatchObject({
        away: true,
        awayUntil: until,
      });
      expect((await open(artist, agent)).peerAvailability).toMatchObject({ away: true });
      const back = nextEvent<AvailabilityChangedEvent>(socket, AVAILABILITY_CHANGED_EVENT);
      await call("PUT", "/api/availability", agent, { away: false });
      expect((await back).availability.away).toBe(false);
    } finally {
      socket.disconnect();
    }
  });

  it("refuses a past or far return day, a day without Away, and artists (403), changing nothing", async () => {
    const agent = await createUser(app, "Strict Agent", true);
    const artist = await createUser(app, "Curious Artist");
    for (const payload of [
      { away: true, until: utcDay(Date.now() - DAY_MS) },
      { away: true, until: utcDay() },
      { away: true, until: utcDay(Date.now() + 400 * DAY_MS) },
      { away: true, until: "2025-02-30" },
      { away: false, until: utcDay(Date.now() + DAY_MS) },
      { away: "yes" },
    ]) {
      const response = await call("PUT", "/api/availability", agent, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
    }
    expect((await call("GET", "/api/availability", agent)).json<OwnAvailability>().away).toBe(
      false,
    );
    expect((await call("PUT", "/api/availability", artist, { away: true })).statusCode).toBe(403);
    expect((await call("GET", "/api/availability", artist)).statusCode).toBe(403);
  });

  it("the usual reply time is the median over waits the artist opened, shown from 5 samples", async () => {
    const agent = await createUser(app, "Timed Agent", true);
    const artists = await Promise.all([1, 2].map((n) => createUser(app, `Asker ${n}`)));
    const rooms = await Promise.all(artists.map(async (a) => (await open(a, agent)).roomId));
    const [a1, a2] = artists as [TestUser, TestUser];
    // Room 1: waits of 10 and 30 min; a second artist message inside a wait opens none;
    // an old wait (31 days) is outside the window; the last wait is unanswered.
    await conversation(rooms[0]!, [
      [a1, 31 * 24 * 60],
      [agent, 31 * 24 * 60 - 1],
      [a1, 500],
      [a1, 495],
      [agent, 490],
      [a1, 400],
      [agent, 370],
      [a1, 5],
    ]);
    // Room 2: waits of 60 and 120 min so far: four samples, too few.
    await conversation(rooms[1]!, [
      [a2, 900],
      [agent, 840],
      [a2, 700],
      [agent, 580],
    ]);
    const before = (await open(a1, agent)).peerAvailability;
    expect(before?.medianReplyMs).toBeNull();
    // A fifth sample of 20 min: median of 10, 20, 30, 60, 120 is 30 minutes.
    await conversation(rooms[1]!, [
      [a2, 300],
      [agent, 280],
    ]);
    // The agent's own message drops the cached median.
    await app.ctx.events.emit("agent.replied", { agentId: agent.id });
    const after = (await open(a2, agent)).peerAvailability;
    expect(after?.medianReplyMs).toBe(30 * MINUTE);
  });
});
