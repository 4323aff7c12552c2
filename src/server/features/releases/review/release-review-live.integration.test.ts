import type { Socket } from "socket.io-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DESK_RELEASE_QUEUE_EVENT, RELEASE_CHANGED_EVENT } from "../../../../shared/release-events";
import {
  connectSocket,
  connected,
  createUser,
  listen,
  nextEvent,
  type TestUser,
} from "../../../test/chat-test-helpers";
import { createTestApp, type TestApp } from "../../../test/test-app";
import { caller, releaseInState } from "./review-test-helpers";

/**
 * Every review step reaches open screens live (issue 40): the artist's
 * tabs hear "release:changed", every agent "desk:release-queue"; an artist
 * never hears the desk's event. Both go through the Redis adapter when
 * there is one (toUsers / toAgents), as the desk's other events do.
 */
let t: TestApp;
let url: string;
let artist: TestUser;
let agent: TestUser;
let otherAgent: TestUser;
const sockets: Socket[] = [];

beforeAll(async () => {
  t = await createTestApp();
  artist = await createUser(t.app, "Asha Rao");
  agent = await createUser(t.app, "Agent One", true);
  otherAgent = await createUser(t.app, "Agent Two", true);
  url = await listen(t.app);
}, 60_000);
afterAll(async () => {
  sockets.forEach((socket) => socket.disconnect());
  await t.close();
});

async function open(who: TestUser): Promise<Socket> {
  const socket = connectSocket(url, who.cookie);
  sockets.push(socket);
  await connected(socket);
  return socket;
}

describe("release review, live", () => {
  it("tells the artist and every agent at each step, and never an artist the queue", async () => {
    const id = await releaseInState(t.app, artist.id, "submitted");
    const [artistSocket, agentSocket, otherSocket] = await Promise.all([
      open(artist),
      open(agent),
      open(otherAgent),
    ]);
    const artistHeard: string[] = [];
    artistSocket.onAny((name: string) => artistHeard.push(name));
    const changed = nextEvent<{ releaseId: string }>(artistSocket, RELEASE_CHANGED_EVENT);
    const queues = [agentSocket, otherSocket].map((socket) =>
      nextEvent<{ releaseId: string; state: string }>(socket, DESK_RELEASE_QUEUE_EVENT),
    );
    const started = await caller(t.app)(
      "POST",
      `/api/desk/releases/${id}/start-review`,
      agent.cookie,
      { version: 1 },
    );
    expect(started.statusCode, started.body).toBe(200);
    expect(await changed).toEqual({ releaseId: id });
    for (const queue of queues) expect(await queue).toEqual({ releaseId: id, state: "in_review" });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(artistHeard).not.toContain(DESK_RELEASE_QUEUE_EVENT);
  });
});
