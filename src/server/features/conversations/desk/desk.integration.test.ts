import { randomUUID } from "node:crypto";
import type { Socket } from "socket.io-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { chatRoomId, type ChatContact, type ChatMessage } from "../../../../shared/chat";
import {
  MAX_WATCHED_ROOMS,
  WATCH_AGENTS_ONLY,
  WATCH_TOO_MANY,
  chatEvents,
} from "../../../../shared/chat-events";
import type { DeskInbox, DeskRoom, DeskView } from "../../../../shared/desk";
import {
  DESK_ACTIVITY_EVERY_MS,
  deskEvents,
  type DeskChangedEvent,
} from "../../../../shared/desk-events";
import { ORIGIN, createTestApp, type TestApp } from "../../../test/test-app";
import { startSmtpTestServer, type SmtpTestServer } from "../../../test/smtp-test-server";
import {
  connectSocket,
  connected,
  createUser,
  listen,
  nextEvent,
  send,
  watchRoom,
  type TestUser,
} from "../../../test/chat-test-helpers";
import { canSeeMessage } from "../access/room-access";
import { MESSAGE_ID_TAKEN } from "../messages/chat-service";

/**
 * The team desk on a real app: any agent answers any conversation,
 * assignment and resolve move it between views live, and an internal note
 * never reaches the artist by socket, API, unread count, chat list or email.
 */
let t: TestApp;
let smtp: SmtpTestServer;
let url: string;
const sockets: Socket[] = [];

beforeAll(async () => {
  smtp = await startSmtpTestServer();
  t = await createTestApp({}, undefined, undefined, {
    SMTP_URL: smtp.url,
    NOTIFY_UNREAD_AFTER_SECONDS: "1",
  });
  url = await listen(t.app);
});
afterAll(async () => {
  for (const s of sockets) s.disconnect();
  await t.close();
  await smtp.close();
});

const headers = (user: TestUser) => ({ cookie: user.cookie, origin: ORIGIN });
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function socketOf(user: TestUser) {
  const socket = connectSocket(url, user.cookie);
  sockets.push(socket);
  await connected(socket);
  return socket;
}

/** Every event a socket hears, from now on. */
function record(socket: Socket): { name: string; payload: unknown }[] {
  const heard: { name: string; payload: unknown }[] = [];
  socket.onAny((name: string, payload: unknown) => heard.push({ name, payload }));
  return heard;
}

/** The next message:new on this socket that matches. */
function nextMessage(socket: Socket, match: (m: ChatMessage) => boolean, ms = 5000) {
  return new Promise<ChatMessage>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error("no matching message")), ms);
    const on = (m: ChatMessage) => {
      if (!match(m)) return;
      clearTimeout(timer);
      socket.off(chatEvents.message, on);
      resolve(m);
    };
    socket.on(chatEvents.message, on);
  });
}

const openRoom = async (user: TestUser, peerId: string) => {
  const response = await t.app.inject({
    method: "PUT",
    url: `/api/chat/rooms/with/${peerId}`,
    headers: headers(user),
  });
  expect(response.statusCode).toBe(200);
  return response.json<{ roomId: string }>().roomId;
};
const inbox = async (agent: TestUser, view: DeskView, q = "") => {
  const response = await t.app.inject({
    url: `/api/desk/conversations?view=${view}&q=${encodeURIComponent(q)}`,
    headers: headers(agent),
  });
  expect(response.statusCode).toBe(200);
  return response.json<DeskInbox>();
};
const deskCall = (user: TestUser, method: "POST" | "PUT", path: string, payload?: object) =>
  t.app.inject({ method, url: `/api/desk/rooms/${path}`, headers: headers(user), payload });
const note = (user: TestUser, roomId: string, text: string) =>
  deskCall(user, "POST", `${roomId}/notes`, { id: randomUUID(), text });
const history = async (user: TestUser, roomId: string, query = "") => {
  const response = await t.app.inject({
    url: `/api/chat/rooms/${roomId}/messages${query}`,
    headers: headers(user),
  });
  expect(response.statusCode).toBe(200);
  return response.json<ChatMessage[]>();
};
const contacts = async (user: TestUser) =>
  (await t.app.inject({ url: "/api/chat/contacts?q=", headers: headers(user) })).json<
    ChatContact[]
  >();
const mailsTo = (user: TestUser) => smtp.mails.filter((m) => m.rcptTo.includes(user.email));

describe("the team desk", () => {
  it("lets an agent who was not picked answer, in the same conversation under the picked agent", async () => {
    const artist = await createUser(t.app, "Team Artist");
    const picked = await createUser(t.app, "Picked Agent", true);
    const teammate = await createUser(t.app, "Mate Agent", true);
    const roomId = await openRoom(artist, picked.id);
    expect(roomId).toBe(chatRoomId(artist.id, picked.id));
    const artistSocket = await socketOf(artist);
    const mateSocket = await socketOf(teammate);

    // The teammate, with the conversation open, hears the artist's message
    // live without being in the room.
    expect(await watchRoom(mateSocket, roomId)).toEqual({ ok: true });
    const heard = nextMessage(mateSocket, (m) => m.text === "Anyone there?");
    await send(artistSocket, { id: randomUUID(), roomId, text: "Anyone there?" });
    expect((await heard).roomId).toBe(roomId);

    // The teammate opens the artist and lands in that same room.
    expect(await openRoom(teammate, artist.id)).toBe(roomId);
    const arrives = nextMessage(artistSocket, (m) => m.text === "I can help");
    const ack = await send(mateSocket, { id: randomUUID(), roomId, text: "I can help" });
    expect(ack.ok).toBe(true);
    const reply = await arrives;
    expect(reply).toMatchObject({ userId: teammate.id, senderName: "Mate Agent" });

    // The artist's list: the reply under the agent they picked, unread; no row moved.
    const list = await contacts(artist);
    const pickedRow = list.find((c) => c.userId === picked.id)!;
    expect(pickedRow).toMatchObject({ roomId, unread: 1 });
    expect(pickedRow.lastMessage?.text).toBe("I can help");
    expect(list.find((c) => c.userId === teammate.id)?.lastMessage).toBeNull();

    // The artist's unread email names the teammate and links to the picked agent.
    const [mail] = await smtp.waitFor(
      (m) => m.rcptTo.includes(artist.email) && /new message/i.test(m.parsed.subject ?? ""),
    );
    expect(mail!.parsed.text).toContain("I can help");
    expect(mail!.parsed.text).toContain(`http://localhost:3000/chat/${picked.id}`);
  });

  it("lists Mine, Team and Resolved with counts, waiting conversations first, longest first", async () => {
    const agent = await createUser(t.app, "Order Agent", true);
    const other = await createUser(t.app, "Other Agent", true);
    const first = await createUser(t.app, "Waits Longest");
    const second = await createUser(t.app, "Waits Less");
    const answered = await createUser(t.app, "Was Answered");
    const elsewhere = await createUser(t.app, "Wrote Elsewhere");
    const rooms: Record<string, string> = {};
    for (const [artist, to] of [
      [answered, agent],
      [first, agent],
      [second, agent],
      [elsewhere, other],
    ] as const) {
      rooms[artist.id] = await openRoom(artist, to.id);
    }
    const s = {
      answered: await socketOf(answered),
      first: await socketOf(first),
      second: await socketOf(second),
      elsewhere: await socketOf(elsewhere),
      agent: await socketOf(agent),
    };
    await send(s.answered, { id: randomUUID(), roomId: rooms[answered.id], text: "q" });
    await send(s.first, { id: randomUUID(), roomId: rooms[first.id], text: "first" });
    await sleep(5);
    await send(s.second, { id: randomUUID(), roomId: rooms[second.id], text: "second" });
    await send(s.elsewhere, { id: randomUUID(), roomId: rooms[elsewhere.id], text: "hi" });
    await send(s.agent, { id: randomUUID(), roomId: rooms[answered.id], text: "answer" });
    // A note is not a reply: the second artist still waits.
    expect((await note(agent, rooms[second.id]!, "looking into it")).statusCode).toBe(200);

    const mine = await inbox(agent, "mine");
    const ours = mine.conversations.map((c) => c.artist.name);
    expect(ours).toEqual(["Waits Longest", "Waits Less", "Was Answered"]);
    expect(mine.conversations[0]!.waitingSince).toEqual(expect.any(Number));
    expect(mine.conversations[2]!.waitingSince).toBeNull();
    expect(mine.conversations.every((c) => c.assignee?.id === agent.id)).toBe(true);
    expect(mine.counts.mine).toBe(3);

    // Team: every open conversation, each naming its assignee.
    const team = await inbox(agent, "team");
    const row = team.conversations.find((c) => c.roomId === rooms[elsewhere.id]);
    expect(row?.assignee).toEqual({ id: other.id, name: "Other Agent" });
    expect(team.counts.team).toBeGreaterThanOrEqual(4);
    const teamOrder = team.conversations
      .map((c) => c.artist.name)
      .filter((n) => ["Waits Longest", "Waits Less", "Was Answered"].includes(n));
    expect(teamOrder).toEqual(["Waits Longest", "Waits Less", "Was Answered"]);

    // Search works within a view.
    expect((await inbox(agent, "mine", "less")).conversations.map((c) => c.artist.name)).toEqual([
      "Waits Less",
    ]);
    expect((await inbox(agent, "resolved", "less")).conversations).toEqual([]);
  });

  it("assigns, resolves and reopens: agents-only lines, live to agents, nothing to the artist", async () => {
    const artist = await createUser(t.app, "Flow Artist");
    const one = await createUser(t.app, "Agent One", true);
    const two = await createUser(t.app, "Agent Two", true);
    const roomId = await openRoom(artist, one.id);
    const artistSocket = await socketOf(artist);
    const artistHeard = record(artistSocket);
    const twoSocket = await socketOf(two);
    await openRoom(one, artist.id);

    const changed = nextEvent<DeskChangedEvent>(twoSocket, deskEvents.changed);
    const line = nextMessage(twoSocket, (m) => m.kind === "event");
    const assigned = await deskCall(one, "PUT", `${roomId}/assignee`, { assigneeId: two.id });
    expect(assigned.statusCode).toBe(200);
    expect(assigned.json<DeskRoom>()).toMatchObject({ assigneeId: two.id, status: "open" });
    expect(await changed).toEqual({ roomId, assigneeId: two.id, status: "open" });
    expect((await line).text).toBe("Agent One assigned this to Agent Two");
    expect((await inbox(two, "mine")).conversations.map((c) => c.roomId)).toContain(roomId);
    expect((await inbox(one, "mine")).conversations.map((c) => c.roomId)).not.toContain(roomId);

    // Unread emails follow the assignee, not the agent the artist picked.
    await send(artistSocket, { id: randomUUID(), roomId, text: "for the assignee" });
    await smtp.waitFor((m) => m.rcptTo.includes(two.email));
    expect(mailsTo(one)).toEqual([]);

    // Resolve: to Resolved, a line for agents.
    const resolved = await deskCall(one, "POST", `${roomId}/resolve`);
    expect(resolved.json<DeskRoom>().status).toBe("resolved");
    expect((await inbox(two, "resolved")).conversations[0]?.roomId).toBe(roomId);
    expect((await inbox(two, "mine")).conversations.map((c) => c.roomId)).not.toContain(roomId);
    // Twice is one line.
    await deskCall(two, "POST", `${roomId}/resolve`);

    // A new artist message reopens it, back in the assignee's Mine.
    const reopened = new Promise<DeskChangedEvent>((resolve) => {
      const on = (event: DeskChangedEvent) => {
        if (event.status !== "open") return;
        twoSocket.off(deskEvents.changed, on);
        resolve(event);
      };
      twoSocket.on(deskEvents.changed, on);
    });
    await send(artistSocket, { id: randomUUID(), roomId, text: "one more thing" });
    expect(await reopened).toEqual({ roomId, assigneeId: two.id, status: "open" });
    expect((await inbox(two, "mine")).conversations.map((c) => c.roomId)).toContain(roomId);

    // Reopen by hand after another resolve.
    await deskCall(one, "POST", `${roomId}/resolve`);
    expect((await deskCall(two, "POST", `${roomId}/reopen`)).json<DeskRoom>().status).toBe("open");

    const agentLines = (await history(two, roomId)).filter((m) => m.kind === "event");
    expect(agentLines.map((m) => m.text)).toEqual([
      "Agent One assigned this to Agent Two",
      "Resolved by Agent One",
      "Reopened: new message from Flow Artist",
      "Resolved by Agent One",
      "Reopened by Agent Two",
    ]);
    // The artist: none of it, by API or socket.
    expect((await history(artist, roomId)).some((m) => m.kind === "event")).toBe(false);
    await sleep(200);
    expect(artistHeard.filter((e) => e.name === deskEvents.changed)).toEqual([]);
    expect(
      artistHeard.filter((e) => (e.payload as ChatMessage | undefined)?.kind === "event"),
    ).toEqual([]);
  });

  it("a send reusing the id of an agents-only line stored under the artist's name is refused, never answered with that line", async () => {
    const artist = await createUser(t.app, "Reusing Artist");
    const agent = await createUser(t.app, "Reusing Agent", true);
    const roomId = await openRoom(artist, agent.id);
    const artistSocket = await socketOf(artist);
    await deskCall(agent, "POST", `${roomId}/resolve`);
    // The artist writes again: the desk reopens it with a line under the artist's name.
    expect((await send(artistSocket, { id: randomUUID(), roomId, text: "back again" })).ok).toBe(
      true,
    );
    const byArtist = async () =>
      (await history(agent, roomId)).find((m) => m.kind === "event" && m.userId === artist.id);
    await expect.poll(byArtist).toBeDefined();
    const line = (await byArtist())!;
    const ack = await send(artistSocket, { id: line.id, roomId, text: "hello" });
    expect(ack).toEqual({ ok: false, error: MESSAGE_ID_TAKEN });
    expect(JSON.stringify(ack)).not.toContain(line.text);
    // The agent may see it; the line stays as it was.
    expect(await byArtist()).toEqual(line);
  });

  it("refuses an assignee who is not an agent, and an unknown conversation", async () => {
    const artist = await createUser(t.app, "Assign Artist");
    const agent = await createUser(t.app, "Assign Agent", true);
    const roomId = await openRoom(artist, agent.id);
    const bad = await deskCall(agent, "PUT", `${roomId}/assignee`, { assigneeId: artist.id });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe("Choose a support agent.");
    expect((await deskCall(agent, "POST", "nobody-nowhere/resolve")).statusCode).toBe(404);
    const empty = await deskCall(agent, "POST", `${roomId}/notes`, { id: randomUUID(), text: " " });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe("Type a note before saving.");
  });
});

describe("what an agent hears of conversations they do not have open", () => {
  it("one coalesced desk:activity, never the messages; the open one in full until it is left", async () => {
    const artist = await createUser(t.app, "Busy Artist");
    const picked = await createUser(t.app, "Busy Picked", true);
    const other = await createUser(t.app, "Busy Other", true);
    const roomId = await openRoom(artist, picked.id);
    const artistSocket = await socketOf(artist);
    const otherSocket = await socketOf(other);
    const heard = record(otherSocket);
    const messages = () =>
      heard
        .filter((e) => e.name === chatEvents.message)
        .map((e) => (e.payload as ChatMessage).text);
    const activity = () => heard.filter((e) => e.name === deskEvents.activity);

    // Not open: a burst of messages is one signal at once and at most one
    // more per interval, and not one message.
    for (let i = 0; i < 5; i++)
      await send(artistSocket, { id: randomUUID(), roomId, text: `burst ${i}` });
    await expect.poll(() => activity().length).toBeGreaterThanOrEqual(1);
    await sleep(DESK_ACTIVITY_EVERY_MS + 300);
    expect(activity().length).toBeLessThanOrEqual(2);
    // The count covers every room with news in the interval: on a loaded host
    // the earlier tests' last sends can still land in it (seen: 3), so at least this one.
    expect((activity()[0]!.payload as { rooms: number }).rooms).toBeGreaterThanOrEqual(1);
    expect(messages()).toEqual([]);

    // Open: every message in full, with its activity signal too.
    expect(await watchRoom(otherSocket, roomId)).toEqual({ ok: true });
    await send(artistSocket, { id: randomUUID(), roomId, text: "while open" });
    await expect.poll(() => messages()).toEqual(["while open"]);

    // Left: nothing in full again.
    otherSocket.emit("room:unwatch", { roomId });
    await sleep(100);
    await send(artistSocket, { id: randomUUID(), roomId, text: "after leaving" });
    const barrier = nextMessage(artistSocket, (m) => m.text === "barrier");
    await send(artistSocket, { id: randomUUID(), roomId, text: "barrier" });
    await barrier;
    await sleep(200);
    expect(messages()).toEqual(["while open"]);
    // The picked agent is a member: they hear it all without watching.
    const pickedSocket = await socketOf(picked);
    const atPicked = nextMessage(pickedSocket, (m) => m.text === "to my agent");
    await send(artistSocket, { id: randomUUID(), roomId, text: "to my agent" });
    expect((await atPicked).roomId).toBe(roomId);
  });

  it("answers an unwatch, so a client that waits for each answer (the portal's) sends on after it", async () => {
    const artist = await createUser(t.app, "Queue Artist");
    const agent = await createUser(t.app, "Queue Agent", true);
    const roomId = await openRoom(artist, agent.id);
    // As the browser's link is made (realtime-client.ts): each emit waits for its answer.
    const socket = connectSocket(url, agent.cookie, ORIGIN, { retries: 3, ackTimeout: 2000 });
    sockets.push(socket);
    await connected(socket);
    expect(await socket.emitWithAck("room:watch", { roomId })).toEqual({ ok: true });
    socket.emit("room:unwatch", { roomId });
    const started = Date.now();
    const sent = (await socket.emitWithAck("message:send", {
      id: randomUUID(),
      roomId,
      text: "after leaving",
    })) as { ok: boolean };
    expect(sent.ok).toBe(true);
    // Unanswered, the unwatch held the send for its 2 s timeout, again at each retry.
    expect(Date.now() - started).toBeLessThan(1500);
    // A malformed one is answered as a watch would be, not left hanging.
    expect(await socket.emitWithAck("room:unwatch", { roomId: 42 })).toEqual({
      ok: false,
      error: "That conversation could not be found.",
    });
  });

  it("refuses a watch to an artist, and past the bound of open conversations", async () => {
    const artist = await createUser(t.app, "Nosy Artist");
    const agent = await createUser(t.app, "Many Tabs Agent", true);
    const artistSocket = await socketOf(artist);
    expect(await watchRoom(artistSocket, "someone-elses-room")).toEqual({
      ok: false,
      error: WATCH_AGENTS_ONLY,
    });
    const agentSocket = await socketOf(agent);
    for (let i = 0; i < MAX_WATCHED_ROOMS; i++) {
      expect((await watchRoom(agentSocket, `room-${i}`)).ok).toBe(true);
    }
    // Watching one already watched is fine; a new one past the bound is not.
    expect((await watchRoom(agentSocket, "room-0")).ok).toBe(true);
    expect(await watchRoom(agentSocket, "room-new")).toEqual({ ok: false, error: WATCH_TOO_MANY });
    agentSocket.emit("room:unwatch", { roomId: "room-0" });
    expect((await watchRoom(agentSocket, "room-new")).ok).toBe(true);
    expect(await watchRoom(agentSocket, "")).toMatchObject({ ok: false });
  });
});

describe("internal notes never reach the artist", () => {
  it("not by socket, history, resync, unread count, chat list or email; a mention reaches its agent", async () => {
    const artist = await createUser(t.app, "Note Artist");
    const writer = await createUser(t.app, "Note Writer", true);
    const named = await createUser(t.app, "Named Agent", true);
    const roomId = await openRoom(artist, writer.id);
    const artistSocket = await socketOf(artist);
    const artistHeard = record(artistSocket);
    const namedSocket = await socketOf(named);
    await openRoom(writer, artist.id);
    await openRoom(named, artist.id);

    const secret = "SECRET internal remark";
    const seenByNamed = nextMessage(namedSocket, (m) => m.kind === "note");
    const posted = await note(writer, roomId, `${secret} @named agent please check`);
    expect(posted.statusCode).toBe(200);
    const stored = posted.json<ChatMessage>();
    expect(stored.kind).toBe("note");
    expect((await seenByNamed).text).toContain(secret);

    // Socket: a later shared message reaches the artist; the note never did.
    const barrier = nextMessage(artistSocket, (m) => m.text === "shared reply");
    const writerSocket = await socketOf(writer);
    await send(writerSocket, { id: randomUUID(), roomId, text: "shared reply" });
    await barrier;
    await note(writer, roomId, `${secret} after the reply`);
    await sleep(300);
    expect(JSON.stringify(artistHeard)).not.toContain(secret);

    // API: history, resync and older pages.
    for (const query of ["", "?after=0", "?before=1000"]) {
      const texts = (await history(artist, roomId, query)).map((m) => m.text);
      expect(texts).toContain("shared reply");
      expect(texts.join()).not.toContain(secret);
    }
    // Agents do read notes.
    expect((await history(named, roomId)).filter((m) => m.kind === "note")).toHaveLength(2);

    // Chat list: last message and unread count skip notes.
    const row = (await contacts(artist)).find((c) => c.userId === writer.id)!;
    expect(row.lastMessage?.text).toBe("shared reply");
    expect(row.unread).toBe(1);

    // The one function other features ask (quoting a message).
    const viewer = (u: TestUser, admin: boolean) => ({ id: u.id, admin });
    const db = t.app.ctx.database.db;
    expect(await canSeeMessage(db, viewer(artist, false), stored.id)).toBe(false);
    expect(await canSeeMessage(db, viewer(named, true), stored.id)).toBe(true);

    // Email: the artist's unread notice carries the reply, never the note.
    const [artistMail] = await smtp.waitFor((m) => m.rcptTo.includes(artist.email));
    expect(artistMail!.parsed.text).toContain("shared reply");
    expect(artistMail!.raw).not.toContain("SECRET");

    // The mention: Mine with a badge, and an email while it stays unseen.
    const mine = await inbox(named, "mine");
    expect(mine.conversations.find((c) => c.roomId === roomId)?.mentioned).toBe(true);
    const [mention] = await smtp.waitFor((m) => m.rcptTo.includes(named.email));
    expect(mention!.parsed.text).toContain(secret);
    // Seen: the badge and the Mine row go (the conversation is not theirs).
    await t.app.inject({
      method: "POST",
      url: `/api/chat/rooms/${roomId}/read`,
      headers: headers(named),
    });
    expect((await inbox(named, "mine")).conversations.map((c) => c.roomId)).not.toContain(roomId);

    // A note alone never mails the artist.
    await sleep(1500);
    expect(mailsTo(artist).some((m) => m.raw.includes("SECRET"))).toBe(false);
  });

  it("refuses notes, desk lists and desk actions to artists", async () => {
    const artist = await createUser(t.app, "Curious Artist");
    const agent = await createUser(t.app, "Guard Agent", true);
    const roomId = await openRoom(artist, agent.id);
    const refused = [
      await note(artist, roomId, "let me in"),
      await deskCall(artist, "PUT", `${roomId}/assignee`, { assigneeId: agent.id }),
      await deskCall(artist, "POST", `${roomId}/resolve`),
      await deskCall(artist, "POST", `${roomId}/reopen`),
      await t.app.inject({ url: `/api/desk/rooms/${roomId}`, headers: headers(artist) }),
      await t.app.inject({ url: "/api/desk/conversations?view=team", headers: headers(artist) }),
    ];
    expect(refused.map((r) => r.statusCode)).toEqual([403, 403, 403, 403, 403, 403]);
    expect((await history(artist, roomId)).map((m) => m.text)).not.toContain("let me in");
  });
});
