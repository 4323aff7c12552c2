import { randomUUID } from "node:crypto";
import type { Socket } from "socket.io-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DeskInbox } from "../../../../shared/desk";
import { ORIGIN, createTestApp, type TestApp } from "../../../test/test-app";
import {
  connectSocket,
  connected,
  createUser,
  listen,
  send,
  type TestUser,
} from "../../../test/chat-test-helpers";

/**
 * The agents' Awaiting reply filter (issue 42, decision 096): within Mine
 * and Team, the conversations where the artist spoke last, with its count,
 * following what artists write and agents answer.
 */
let t: TestApp;
let url: string;
const sockets: Socket[] = [];

beforeAll(async () => {
  t = await createTestApp();
  url = await listen(t.app);
});
afterAll(async () => {
  for (const s of sockets) s.disconnect();
  await t.close();
});

const headers = (user: TestUser) => ({ cookie: user.cookie, origin: ORIGIN });

async function socketOf(user: TestUser) {
  const socket = connectSocket(url, user.cookie);
  sockets.push(socket);
  await connected(socket);
  return socket;
}

async function openRoom(user: TestUser, peerId: string) {
  const response = await t.app.inject({
    method: "PUT",
    url: `/api/chat/rooms/with/${peerId}`,
    headers: headers(user),
  });
  expect(response.statusCode).toBe(200);
  return response.json<{ roomId: string }>().roomId;
}

const ask = (agent: TestUser, query: string) =>
  t.app.inject({ url: `/api/desk/conversations?${query}`, headers: headers(agent) });

async function inbox(agent: TestUser, query: string) {
  const response = await ask(agent, query);
  expect(response.statusCode).toBe(200);
  return response.json<DeskInbox>();
}
const names = (inbox: DeskInbox) => inbox.conversations.map((c) => c.artist.name);

/** Each message a few ms after the last: "waiting longest first" needs distinct times. */
async function write(user: TestUser, roomId: string, text: string) {
  await new Promise((resolve) => setTimeout(resolve, 5));
  const ack = await send(await socketOf(user), { id: randomUUID(), roomId, text });
  expect(ack.ok).toBe(true);
}

async function note(agent: TestUser, roomId: string, text: string) {
  const response = await t.app.inject({
    method: "POST",
    url: `/api/desk/rooms/${roomId}/notes`,
    headers: headers(agent),
    payload: { id: randomUUID(), text },
  });
  expect(response.statusCode).toBe(200);
}

describe("the Awaiting reply filter", () => {
  it("narrows Mine and Team to the conversations where the artist spoke last, with their counts", async () => {
    const agent = await createUser(t.app, "Await Agent", true);
    const other = await createUser(t.app, "Await Other", true);
    const artists = {
      waits: await createUser(t.app, "Await Waits"),
      noted: await createUser(t.app, "Await Noted"),
      answered: await createUser(t.app, "Await Answered"),
      quiet: await createUser(t.app, "Await Quiet"),
      resolved: await createUser(t.app, "Await Resolved"),
      elsewhere: await createUser(t.app, "Await Elsewhere"),
      mentioned: await createUser(t.app, "Await Mentioned"),
    };
    const room: Record<keyof typeof artists, string> = {
      waits: await openRoom(artists.waits, agent.id),
      noted: await openRoom(artists.noted, agent.id),
      answered: await openRoom(artists.answered, agent.id),
      quiet: await openRoom(artists.quiet, agent.id),
      resolved: await openRoom(artists.resolved, agent.id),
      elsewhere: await openRoom(artists.elsewhere, other.id),
      mentioned: await openRoom(artists.mentioned, other.id),
    };
    await write(artists.waits, room.waits, "still there?");
    await write(artists.noted, room.noted, "a question");
    // A note is no reply: it still awaits one.
    await note(agent, room.noted, "checking with the label");
    await write(artists.answered, room.answered, "hello");
    await write(agent, room.answered, "hi, how can I help?");
    await write(artists.resolved, room.resolved, "thanks, all done");
    const resolve = await t.app.inject({
      method: "POST",
      url: `/api/desk/rooms/${room.resolved}/resolve`,
      headers: headers(agent),
    });
    expect(resolve.statusCode).toBe(200);
    await write(artists.elsewhere, room.elsewhere, "for the other agent");
    await write(artists.mentioned, room.mentioned, "a tricky one");
    // Named in a note: in this agent's Mine, awaiting too.
    await note(other, room.mentioned, "@Await Agent can you take this?");

    const mine = await inbox(agent, "view=mine&awaiting=1");
    expect(mine.awaiting).toBe(true);
    expect(names(mine)).toEqual(["Await Waits", "Await Noted", "Await Mentioned"]);
    expect(mine.awaitingCounts.mine).toBe(3);
    expect(mine.counts.mine).toBe(5);
    // Without the filter, the whole view; the counts are the same either way.
    const all = await inbox(agent, "view=mine");
    expect(all.awaiting).toBe(false);
    expect(names(all)).toHaveLength(5);
    expect(all.awaitingCounts).toEqual(mine.awaitingCounts);

    // Team: every open conversation awaiting a reply, whoever owns it.
    const team = await inbox(agent, "view=team&awaiting=1");
    const ours = names(team).filter((name) => name.startsWith("Await "));
    expect(ours).toEqual(["Await Waits", "Await Noted", "Await Elsewhere", "Await Mentioned"]);
    expect(team.awaitingCounts.team).toBe(team.conversations.length);
    expect(team.conversations.every((c) => c.waitingSince !== null)).toBe(true);

    // With a search, within the filter.
    expect(names(await inbox(agent, "view=mine&awaiting=1&q=noted"))).toEqual(["Await Noted"]);
    expect(names(await inbox(agent, "view=mine&awaiting=1&q=answered"))).toEqual([]);

    // An agent's answer takes a conversation out; the artist writing again puts one back.
    await write(agent, room.waits, "yes, here");
    await write(artists.answered, room.answered, "one more question");
    const after = await inbox(agent, "view=mine&awaiting=1");
    expect(names(after)).toEqual(["Await Noted", "Await Mentioned", "Await Answered"]);
    expect(after.awaitingCounts.mine).toBe(3);
    expect((await inbox(agent, "view=team")).awaitingCounts.team).toBe(
      team.awaitingCounts.team, // one out, one in
    );
    // Some twenty sequential writes and reads: more than the default on a busy 2-core host.
  }, 90_000);

  it("refuses a filter it does not know, and on Resolved, with a clear message", async () => {
    const agent = await createUser(t.app, "Await Strict", true);
    const unknown = await ask(agent, "view=mine&awaiting=yes");
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe("Awaiting reply is 1 (on) or 0 (off).");
    const resolved = await ask(agent, "view=resolved&awaiting=1");
    expect(resolved.statusCode).toBe(400);
    expect(resolved.json().message).toBe("Awaiting reply narrows Mine or Team, not Resolved.");
    expect((await ask(agent, "view=resolved&awaiting=0")).statusCode).toBe(200);
  });

  it("is the agents' own: an artist is refused", async () => {
    const artist = await createUser(t.app, "Await Artist");
    expect((await ask(artist, "view=mine&awaiting=1")).statusCode).toBe(403);
  });
});

describe("an agent's navigation badge", () => {
  const badge = async (agent: TestUser) => {
    const response = await t.app.inject({ url: "/api/desk/unread", headers: headers(agent) });
    expect(response.statusCode).toBe(200);
    return response.json<{ unread: number }>().unread;
  };
  const read = (user: TestUser, roomId: string) =>
    t.app.inject({ method: "POST", url: `/api/chat/rooms/${roomId}/read`, headers: headers(user) });
  const assign = (by: TestUser, roomId: string, to: TestUser) =>
    t.app.inject({
      method: "PUT",
      url: `/api/desk/rooms/${roomId}/assignee`,
      headers: headers(by),
      payload: { assigneeId: to.id },
    });

  it("counts the unread of what is theirs: assigned to them, or naming them; not the rooms they are merely in", async () => {
    const agent = await createUser(t.app, "Badge Agent", true);
    const other = await createUser(t.app, "Badge Other", true);
    const picked = await createUser(t.app, "Badge Picked Me");
    const handed = await createUser(t.app, "Badge Handed Over");
    const gone = await createUser(t.app, "Badge Handed Away");
    const named = await createUser(t.app, "Badge Named");
    const rooms = {
      picked: await openRoom(picked, agent.id),
      handed: await openRoom(handed, other.id),
      gone: await openRoom(gone, agent.id),
      named: await openRoom(named, other.id),
    };
    expect((await assign(other, rooms.handed, agent)).statusCode).toBe(200);
    expect((await assign(agent, rooms.gone, other)).statusCode).toBe(200);
    await write(picked, rooms.picked, "one");
    await write(picked, rooms.picked, "two");
    await write(handed, rooms.handed, "three");
    // The agent is a member here (the artist picked them) but it is another's now.
    for (const text of ["a", "b", "c", "d"]) await write(gone, rooms.gone, text);
    await write(named, rooms.named, "four");
    await note(other, rooms.named, "@Badge Agent a second opinion?");

    // 2 (picked) + 1 (handed over to them) + 2 (named: the message and the note).
    expect(await badge(agent)).toBe(5);
    expect((await read(agent, rooms.picked)).statusCode).toBe(200);
    expect(await badge(agent)).toBe(3);
    // Read, the mention is seen: that room leaves Mine, and the badge.
    expect((await read(agent, rooms.named)).statusCode).toBe(200);
    expect(await badge(agent)).toBe(1);
  });

  it("is the agents' own: an artist is refused", async () => {
    const artist = await createUser(t.app, "Badge Artist");
    const response = await t.app.inject({ url: "/api/desk/unread", headers: headers(artist) });
    expect(response.statusCode).toBe(403);
  });
});
