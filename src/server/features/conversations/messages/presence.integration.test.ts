import type { Socket } from "socket.io-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ORIGIN, createTestApp, type TestApp } from "../../../test/test-app";
import { chatRoomId, type OpenedRoom } from "../../../../shared/chat";
import { chatEvents, type PeerTypingEvent } from "../../../../shared/chat-events";
import {
  connectSocket,
  connected,
  createUser,
  listen,
  nextEvent,
  type TestUser,
} from "../../../test/chat-test-helpers";

let t: TestApp;
let url: string;
let artist: TestUser;
let agent: TestUser;
let stranger: TestUser;
const sockets: Socket[] = [];

beforeAll(async () => {
  t = await createTestApp();
  artist = await createUser(t.app, "Presence Artist");
  agent = await createUser(t.app, "Presence Agent", true);
  stranger = await createUser(t.app, "Presence Stranger");
  url = await listen(t.app);
});
afterAll(async () => {
  for (const socket of sockets) socket.disconnect();
  await t.close();
});

async function open(user: TestUser) {
  const socket = connectSocket(url, user.cookie);
  sockets.push(socket);
  await connected(socket);
  return socket;
}

const openRoom = (user: TestUser, peer: TestUser) =>
  t.app.inject({
    method: "PUT",
    url: `/api/chat/rooms/with/${peer.id}`,
    headers: { cookie: user.cookie, origin: ORIGIN },
  });

describe("presence", () => {
  it("gives the peer's read mark when a room is opened", async () => {
    const first = (await openRoom(artist, agent)).json<OpenedRoom>();
    // A new room: the agent has not read it yet.
    expect(first.peerLastReadAt).toBeNull();
    const byAgent = (await openRoom(agent, artist)).json<OpenedRoom>();
    expect(byAgent.peerLastReadAt).toBe(first.lastReadAt);
    const again = (await openRoom(artist, agent)).json<OpenedRoom>();
    expect(again.peerLastReadAt).toBe(byAgent.lastReadAt);
  });

  it("forwards typing to the other member only, and never for a stranger", async () => {
    const roomId = chatRoomId(artist.id, agent.id);
    const artistSocket = await open(artist);
    const agentSocket = await open(agent);
    const strangerSocket = await open(stranger);

    const seen = nextEvent<PeerTypingEvent>(agentSocket, chatEvents.peerTyping);
    artistSocket.emit(chatEvents.typing, { roomId });
    expect(await seen).toEqual({ roomId, userId: artist.id });

    // The typist is not told about themselves; a stranger's signal goes nowhere.
    const echoes: unknown[] = [];
    artistSocket.on(chatEvents.peerTyping, (e) => echoes.push(e));
    agentSocket.on(chatEvents.peerTyping, (e) => echoes.push(e));
    strangerSocket.emit(chatEvents.typing, { roomId });
    strangerSocket.emit(chatEvents.typing, { roomId: 42 });
    strangerSocket.emit(chatEvents.typing, null);
    await new Promise((r) => setTimeout(r, 300));
    expect(echoes).toEqual([]);

    const back = nextEvent<PeerTypingEvent>(artistSocket, chatEvents.peerTyping);
    agentSocket.emit(chatEvents.typing, { roomId });
    expect(await back).toEqual({ roomId, userId: agent.id });
  });

  it("passes on one of a flood of typing signals, not each of them", async () => {
    const roomId = chatRoomId(artist.id, agent.id);
    const artistSocket = await open(artist);
    const agentSocket = await open(agent);
    const heard: unknown[] = [];
    agentSocket.on(chatEvents.peerTyping, (e) => heard.push(e));
    const first = nextEvent<PeerTypingEvent>(agentSocket, chatEvents.peerTyping);
    for (let i = 0; i < 200; i++) artistSocket.emit(chatEvents.typing, { roomId });
    expect(await first).toEqual({ roomId, userId: artist.id });
    // Whatever else was passed on would have come by now, right behind the first.
    await new Promise((r) => setTimeout(r, 300));
    expect(heard).toEqual([{ roomId, userId: artist.id }]);
  });

  it("forwards a teammate's typing to the artist only, not to the agent the artist picked", async () => {
    const roomId = chatRoomId(artist.id, agent.id);
    const teammate = await createUser(t.app, "Presence Teammate", true);
    const artistSocket = await open(artist);
    const agentSocket = await open(agent);
    const teammateSocket = await open(teammate);
    const atAgent: unknown[] = [];
    agentSocket.on(chatEvents.peerTyping, (e) => atAgent.push(e));

    const seen = nextEvent<PeerTypingEvent>(artistSocket, chatEvents.peerTyping);
    teammateSocket.emit(chatEvents.typing, { roomId });
    expect(await seen).toEqual({ roomId, userId: teammate.id });
    await new Promise((r) => setTimeout(r, 300));
    expect(atAgent).toEqual([]);
  });
});
