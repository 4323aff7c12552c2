import type { Socket } from "socket.io-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SOCKET_TOO_MANY } from "../../shared/chat-events";
import { createTestApp, type TestApp } from "../test/test-app";
import {
  connectError,
  connectSocket,
  connected,
  createUser,
  listen,
  type TestUser,
} from "../test/chat-test-helpers";

let t: TestApp;
let url: string;
let artist: TestUser;
let other: TestUser;
const sockets: Socket[] = [];

function open(cookie: string) {
  const socket = connectSocket(url, cookie);
  sockets.push(socket);
  return socket;
}

beforeAll(async () => {
  t = await createTestApp({}, undefined, undefined, { SOCKETS_PER_USER: "3" });
  url = await listen(t.app);
  artist = await createUser(t.app, "Many Tabs");
  other = await createUser(t.app, "One Tab");
});
afterAll(async () => {
  for (const s of sockets) s.disconnect();
  await t.close();
});

describe("sockets per user", () => {
  it("refuses the connection beyond SOCKETS_PER_USER with a clear message, per user", async () => {
    // Opened at once, as a script would: the count is taken as each is admitted.
    const first = [open(artist.cookie), open(artist.cookie), open(artist.cookie)];
    const fourth = open(artist.cookie);
    const outcomes = await Promise.allSettled([...first, fourth].map(connected));
    expect(outcomes.filter((o) => o.status === "fulfilled")).toHaveLength(3);
    const refused = outcomes.find((o) => o.status === "rejected");
    expect((refused as PromiseRejectedResult).reason).toMatchObject({ message: SOCKET_TOO_MANY });

    // Another user is not affected.
    await connected(open(other.cookie));

    // A closed tab frees its place.
    const live = [...first, fourth].filter((s) => s.connected);
    live[0]!.disconnect();
    await expect
      .poll(async () => {
        const again = open(artist.cookie);
        try {
          await connected(again);
          return "connected";
        } catch (err) {
          return (err as Error).message;
        }
      })
      .toBe("connected");
    expect(await connectError(open(artist.cookie))).toBe(SOCKET_TOO_MANY);
  });
});
