import { randomUUID } from "node:crypto";
import type { Socket } from "socket.io-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  ORIGIN,
  STRONG_PASSWORD,
  createTestApp,
  deleteAccountOf,
  signIn,
  type TestApp,
} from "../../../test/test-app";
import { chatRoomId, type ChatContact, type ChatMessage } from "../../../../shared/chat";
import { chatEvents } from "../../../../shared/chat-events";
import {
  connectError,
  connectSocket,
  connected,
  createUser,
  listen,
  nextEvent,
  send,
  type TestUser,
} from "../../../test/chat-test-helpers";

let t: TestApp;
let url: string;
let artist: TestUser;
let agent: TestUser;
let otherAgent: TestUser;
let stranger: TestUser;
const sockets: Socket[] = [];

function open(cookie: string) {
  const socket = connectSocket(url, cookie);
  sockets.push(socket);
  return socket;
}

async function contacts(user: TestUser, q = "") {
  const response = await t.app.inject({
    url: `/api/chat/contacts?q=${encodeURIComponent(q)}`,
    headers: { cookie: user.cookie },
  });
  expect(response.statusCode).toBe(200);
  return response.json<ChatContact[]>();
}

function openRoom(user: TestUser, peerId: string) {
  return t.app.inject({
    method: "PUT",
    url: `/api/chat/rooms/with/${peerId}`,
    headers: { cookie: user.cookie, origin: "http://localhost:3000" },
  });
}

/** An artist and an agent of their own, with their room open: a test's private state. */
async function freshRoom(artistName: string, agentName = "Fresh Agent") {
  const a = await createUser(t.app, artistName);
  const g = await createUser(t.app, agentName, true);
  expect((await openRoom(a, g.id)).statusCode).toBe(200);
  return { artist: a, agent: g, roomId: chatRoomId(a.id, g.id) };
}

beforeAll(async () => {
  t = await createTestApp();
  url = await listen(t.app);
  artist = await createUser(t.app, "Nova Sound");
  agent = await createUser(t.app, "Alex Support", true);
  otherAgent = await createUser(t.app, "Sam Helper", true);
  stranger = await createUser(t.app, "Stranger Artist");
});
afterAll(async () => {
  for (const s of sockets) s.disconnect();
  await t.close();
});

describe("chat list", () => {
  it("lists every agent but never artists or the user, searchable case-insensitively", async () => {
    const all = await contacts(artist);
    expect(all.map((c) => c.userId).sort()).toEqual([agent.id, otherAgent.id].sort());
    expect(all.every((c) => c.unread === 0 && c.lastMessage === null)).toBe(true);
    expect((await contacts(artist, "ALEX")).map((c) => c.userId)).toEqual([agent.id]);
    const byEmail = await contacts(artist, otherAgent.email.slice(0, 8).toUpperCase());
    expect(byEmail.map((c) => c.userId)).toContain(otherAgent.id);
    expect(await contacts(artist, "%")).toEqual([]);
    expect(await contacts(artist, "_")).toEqual([]);
  });

  it("needs a session", async () => {
    const response = await t.app.inject({ url: "/api/chat/contacts" });
    expect(response.statusCode).toBe(401);
  });
});

describe("rooms", () => {
  it("opens a room with the sorted-ids id, the agent unread from the start", async () => {
    const response = await openRoom(artist, agent.id);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      roomId: chatRoomId(artist.id, agent.id),
      peer: { id: agent.id, admin: true, bio: null },
    });
    const rows = await t.app.ctx.database.db
      .selectFrom("room_member")
      .selectAll()
      .where("roomId", "=", chatRoomId(artist.id, agent.id))
      .execute();
    expect(rows.find((r) => r.userId === agent.id)?.lastReadAt).toBeNull();
    expect(rows.find((r) => r.userId === artist.id)?.lastReadAt).toEqual(expect.any(Number));
    // Opening again is harmless.
    expect((await openRoom(artist, agent.id)).statusCode).toBe(200);
  });

  it("refuses artist-to-artist, agent-to-agent, self and unknown people", async () => {
    expect((await openRoom(artist, stranger.id)).statusCode).toBe(403);
    expect((await openRoom(agent, otherAgent.id)).statusCode).toBe(403);
    expect((await openRoom(artist, artist.id)).statusCode).toBe(404);
    expect((await openRoom(artist, "nobody")).statusCode).toBe(404);
  });

  it("lets an agent open a room with any artist and see the artist's profile", async () => {
    const response = await openRoom(otherAgent, stranger.id);
    expect(response.statusCode).toBe(200);
    expect(response.json().peer).toMatchObject({ id: stranger.id, email: stranger.email });
  });

  it("keeps other artists out of a room's messages and read marks; any agent may read (team desk)", async () => {
    const roomId = chatRoomId(artist.id, agent.id);
    expect((await openRoom(artist, agent.id)).statusCode).toBe(200);
    const read = await t.app.inject({
      url: `/api/chat/rooms/${roomId}/messages`,
      headers: { cookie: stranger.cookie },
    });
    expect(read.statusCode).toBe(403);
    expect(read.json().message).toBe("You are not part of this conversation.");
    const markAs = (cookie: string) =>
      t.app.inject({
        method: "POST",
        url: `/api/chat/rooms/${roomId}/read`,
        headers: { cookie, origin: "http://localhost:3000" },
      });
    expect((await markAs(stranger.cookie)).statusCode).toBe(403);
    expect((await markAs(otherAgent.cookie)).statusCode).toBe(200);
  });
});

describe("sockets", () => {
  it("refuses a handshake without a session or from another origin", async () => {
    expect(await connectError(open(""))).toBe("Please sign in to continue.");
    const foreign = connectSocket(url, artist.cookie, "https://evil.example");
    sockets.push(foreign);
    await expect(connectError(foreign)).resolves.toBeTruthy();
  });

  it("tells chat lists when an agent or an artist changes their name", async () => {
    const artistSocket = open(artist.cookie);
    const agentSocket = open(agent.cookie);
    await Promise.all([connected(artistSocket), connected(agentSocket)]);
    const artistHears = nextEvent(artistSocket, chatEvents.directory);
    const rename = (user: TestUser, artistName: string) =>
      t.app.inject({
        method: "PATCH",
        url: "/api/profile",
        headers: { cookie: user.cookie, origin: ORIGIN },
        payload: { artistName },
      });
    expect((await rename(agent, "Alex Support")).statusCode).toBe(200);
    await artistHears;
    const agentHears = nextEvent(agentSocket, chatEvents.directory);
    expect((await rename(artist, "Nova Sound")).statusCode).toBe(200);
    await agentHears;
  });

  it("closes the sockets of a session that signs out, and only those", async () => {
    const { cookie } = await signIn(t.app, agent.email);
    const ending = open(cookie);
    const staying = open(agent.cookie);
    await Promise.all([connected(ending), connected(staying)]);
    const closed = new Promise<string>((resolve) => ending.once("disconnect", resolve));
    const response = await t.app.inject({
      method: "POST",
      url: "/api/auth/sign-out",
      headers: { cookie, origin: ORIGIN },
      payload: {},
    });
    expect(response.statusCode).toBe(200);
    expect(await closed).toBe("io server disconnect");
    expect(staying.connected).toBe(true);
  });

  it("closes the user's sockets after a password change", async () => {
    const user = await createUser(t.app, "Password Changer");
    const socket = open(user.cookie);
    await connected(socket);
    const closed = new Promise<string>((resolve) => socket.once("disconnect", resolve));
    const response = await t.app.inject({
      method: "POST",
      url: "/api/account/change-password",
      headers: { cookie: user.cookie, origin: ORIGIN },
      payload: {
        currentPassword: STRONG_PASSWORD,
        newPassword: "N3w-pass-word!",
        confirmPassword: "N3w-pass-word!",
      },
    });
    expect(response.statusCode).toBe(200);
    expect(await closed).toBe("io server disconnect");
  });

  it("sends with ack, delivers live to the agent, and stores a retry once", async () => {
    const roomId = chatRoomId(artist.id, agent.id);
    expect((await openRoom(artist, agent.id)).statusCode).toBe(200);
    const artistSocket = open(artist.cookie);
    const agentSocket = open(agent.cookie);
    const strangerSocket = open(stranger.cookie);
    await Promise.all([connected(artistSocket), connected(agentSocket), connected(strangerSocket)]);
    let strangerHeard = false;
    strangerSocket.on(chatEvents.message, () => (strangerHeard = true));

    const id = randomUUID();
    const delivered = nextEvent<ChatMessage>(agentSocket, chatEvents.message);
    const ack = await send(artistSocket, { id, roomId, text: "  Hello, my release is late  " });
    expect(ack).toMatchObject({
      ok: true,
      message: {
        id,
        roomId,
        text: "Hello, my release is late",
        userId: artist.id,
        senderName: "Nova Sound",
        status: "sent",
        from_msg_num: 0,
        to_msg_num: 1,
        fileUrl: null,
      },
    });
    const live = await delivered;
    expect(live.id).toBe(id);

    // The same id again (a retry after a lost ack): same message, stored once.
    const retry = await send(artistSocket, { id, roomId, text: "Hello, my release is late" });
    expect(retry.ok && retry.message.seq).toBe(ack.ok && ack.message.seq);
    const count = await t.app.ctx.database.db
      .selectFrom("message")
      .select((eb) => eb.fn.countAll<number | string>().as("n"))
      .where("id", "=", id)
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(1);

    // Another user cannot reuse the id.
    const hijack = await send(agentSocket, { id, roomId, text: "mine now" });
    expect(hijack.ok).toBe(false);

    // Strangers cannot write into the room, and heard nothing.
    const intruder = await send(strangerSocket, { id: randomUUID(), roomId, text: "hi" });
    expect(intruder).toEqual({ ok: false, error: "You are not part of this conversation." });
    expect(strangerHeard).toBe(false);
  });

  it("tells every instance when an agent replies, and never relays the message itself", async () => {
    const { artist: a, agent: g, roomId } = await freshRoom("Relay Artist", "Relay Agent");
    const replied: string[] = [];
    t.app.ctx.events.on("agent.replied", ({ agentId }) => void replied.push(agentId));
    const [artistSocket, agentSocket] = [open(a.cookie), open(g.cookie)];
    await Promise.all([connected(artistSocket), connected(agentSocket)]);

    expect((await send(artistSocket, { id: randomUUID(), roomId, text: "a question" })).ok).toBe(
      true,
    );
    expect((await send(agentSocket, { id: randomUUID(), roomId, text: "an answer" })).ok).toBe(
      true,
    );
    expect(replied).toEqual([g.id]);
    // The message reaches other instances' sockets through the adapter only.
    expect(t.app.ctx.events.hasEveryInstanceListeners("chat.messageCreated")).toBe(false);
    expect(t.app.ctx.events.hasEveryInstanceListeners("agent.replied")).toBe(true);
  });

  it("names the sender as they are now, even on a socket opened before a rename", async () => {
    const renamed = await createUser(t.app, "Old Name");
    expect((await openRoom(renamed, agent.id)).statusCode).toBe(200);
    const socket = open(renamed.cookie);
    await connected(socket);
    const patch = await t.app.inject({
      method: "PATCH",
      url: "/api/profile",
      headers: { cookie: renamed.cookie, origin: ORIGIN },
      payload: { artistName: "New Name" },
    });
    expect(patch.statusCode).toBe(200);
    const ack = await send(socket, {
      id: randomUUID(),
      roomId: chatRoomId(renamed.id, agent.id),
      text: "hello",
    });
    expect(ack.ok && ack.message.senderName).toBe("New Name");
  });

  it("rejects empty and whitespace-only messages and bad ids", async () => {
    const roomId = chatRoomId(artist.id, agent.id);
    const socket = open(artist.cookie);
    await connected(socket);
    expect(await send(socket, { id: randomUUID(), roomId, text: "   " })).toEqual({
      ok: false,
      error: "Type a message before sending.",
    });
    expect((await send(socket, { id: "1", roomId, text: "x" })).ok).toBe(false);
    expect((await send(socket, { id: randomUUID(), roomId, text: "x".repeat(4001) })).ok).toBe(
      false,
    );
  });

  it("counts unread messages per side and clears them on read", async () => {
    const { artist, agent, roomId } = await freshRoom("Unread Artist");
    const agentSocket = open(agent.cookie);
    const firstSocket = open(artist.cookie);
    await Promise.all([connected(agentSocket), connected(firstSocket)]);
    await send(firstSocket, { id: randomUUID(), roomId, text: "Hello, my release is late" });
    // The agent has never read: every artist message counts.
    const inbox = await contacts(agent);
    const row = inbox.find((c) => c.roomId === roomId)!;
    expect(row).toMatchObject({ userId: artist.id, name: "Unread Artist", unread: 1 });
    expect(row.lastMessage?.text).toBe("Hello, my release is late");

    await send(agentSocket, { id: randomUUID(), roomId, text: "Looking into it" });
    await send(agentSocket, { id: randomUUID(), roomId, text: "Fixed!" });
    const forArtist = (await contacts(artist)).find((c) => c.userId === agent.id)!;
    expect(forArtist.unread).toBe(2);
    expect(forArtist.lastMessage).toMatchObject({ text: "Fixed!", senderId: agent.id });

    const artistSocket = open(artist.cookie);
    await connected(artistSocket);
    const readEvent = nextEvent<{ roomId: string; userId: string }>(agentSocket, chatEvents.read);
    const mark = await t.app.inject({
      method: "POST",
      url: `/api/chat/rooms/${roomId}/read`,
      headers: { cookie: artist.cookie, origin: "http://localhost:3000" },
    });
    expect(mark.statusCode).toBe(200);
    expect(await readEvent).toMatchObject({ roomId, userId: artist.id });
    expect((await contacts(artist)).find((c) => c.userId === agent.id)!.unread).toBe(0);
    // The agent's own messages never count for the agent.
    expect((await contacts(agent)).find((c) => c.roomId === roomId)!.unread).toBe(1);
  });

  it("resyncs what a dropped client missed, after the last seq it holds", async () => {
    const { artist, agent, roomId } = await freshRoom("Resync Artist");
    const first = open(artist.cookie);
    await connected(first);
    await send(first, { id: randomUUID(), roomId, text: "before the drop" });
    const history = await t.app.inject({
      url: `/api/chat/rooms/${roomId}/messages`,
      headers: { cookie: artist.cookie },
    });
    const held = history.json<ChatMessage[]>();
    const seqs = held.map((m) => m.seq);
    expect(seqs).toEqual([...seqs].sort((a, b) => a - b));
    const lastSeq = seqs.at(-1)!;

    const artistSocket = open(artist.cookie);
    await connected(artistSocket);
    artistSocket.disconnect();
    const agentSocket = open(agent.cookie);
    await connected(agentSocket);
    const missed = [randomUUID(), randomUUID()];
    for (const id of missed) await send(agentSocket, { id, roomId, text: `while away ${id}` });

    const resync = await t.app.inject({
      url: `/api/chat/rooms/${roomId}/messages?after=${lastSeq}`,
      headers: { cookie: artist.cookie },
    });
    expect(resync.json<ChatMessage[]>().map((m) => m.id)).toEqual(missed);
    const bad = await t.app.inject({
      url: `/api/chat/rooms/${roomId}/messages?after=-1`,
      headers: { cookie: artist.cookie },
    });
    expect(bad.statusCode).toBe(400);
    const huge = await t.app.inject({
      url: `/api/chat/rooms/${roomId}/messages?after=3000000000`,
      headers: { cookie: artist.cookie },
    });
    expect(huge.statusCode).toBe(400);
  });

  it("lists the agent's inbox newest activity first, searchable", async () => {
    const older = await freshRoom("Inbox Older", "Inbox Agent");
    const inboxAgent = older.agent;
    const newer = await createUser(t.app, "Inbox Newer");
    expect((await openRoom(newer, inboxAgent.id)).statusCode).toBe(200);
    const newerRoom = chatRoomId(newer.id, inboxAgent.id);
    const olderSocket = open(older.artist.cookie);
    const newerSocket = open(newer.cookie);
    await Promise.all([connected(olderSocket), connected(newerSocket)]);
    await send(olderSocket, { id: randomUUID(), roomId: older.roomId, text: "first" });
    await new Promise((r) => setTimeout(r, 5));
    await send(newerSocket, { id: randomUUID(), roomId: newerRoom, text: "second" });
    expect((await contacts(inboxAgent)).map((c) => c.userId)).toEqual([newer.id, older.artist.id]);
    await new Promise((r) => setTimeout(r, 5));
    await send(olderSocket, { id: randomUUID(), roomId: older.roomId, text: "third" });
    expect((await contacts(inboxAgent)).map((c) => c.userId)).toEqual([older.artist.id, newer.id]);
    const searched = await contacts(inboxAgent, "newer");
    expect(searched.map((c) => c.userId)).toEqual([newer.id]);
  });

  it("deletes the user's rooms and messages with the account", async () => {
    const { artist: leaving, agent: remaining, roomId } = await freshRoom("Leaving Artist");
    const s = open(leaving.cookie);
    await connected(s);
    await send(s, { id: randomUUID(), roomId, text: "bye" });
    const closed = new Promise<string>((resolve) => s.once("disconnect", resolve));
    await deleteAccountOf(t.app, leaving.cookie);
    const left = await t.app.ctx.database.db
      .selectFrom("message")
      .select("id")
      .where("roomId", "=", roomId)
      .execute();
    expect(left).toEqual([]);
    expect(await contacts(remaining)).toEqual([]);
    expect(await closed).toBe("io server disconnect");
  });
});
