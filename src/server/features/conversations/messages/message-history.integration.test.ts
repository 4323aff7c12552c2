import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/test-app";
import { MESSAGE_PAGE_SIZE, chatRoomId, type ChatMessage } from "../../../../shared/chat";
import { createUser, seedMessages, type TestUser } from "../../../test/chat-test-helpers";
import { ensureRoom } from "../repositories";

const TOTAL = 450;
let t: TestApp;
let artist: TestUser;
let agent: TestUser;
let stranger: TestUser;
let roomId: string;

beforeAll(async () => {
  t = await createTestApp();
  artist = await createUser(t.app, "History Artist");
  agent = await createUser(t.app, "History Agent", true);
  stranger = await createUser(t.app, "History Stranger");
  roomId = chatRoomId(artist.id, agent.id);
  const { db } = t.app.ctx.database;
  const members = [
    { userId: artist.id, lastReadAt: null },
    { userId: agent.id, lastReadAt: null },
  ];
  await ensureRoom(db, roomId, members, Date.now());
  await seedMessages(db, roomId, [artist.id, agent.id], TOTAL);
});
afterAll(async () => {
  await t.close();
});

async function page(query: string, cookie = artist.cookie) {
  return t.app.inject({ url: `/api/chat/rooms/${roomId}/messages${query}`, headers: { cookie } });
}
const seqs = (messages: ChatMessage[]) => messages.map((m) => m.seq);
const range = (from: number, to: number) =>
  Array.from({ length: to - from + 1 }, (_, i) => from + i);

describe("GET /api/chat/rooms/:id/messages paging by seq", () => {
  it("walks from the latest page back to the first message, every message once", async () => {
    const latest = await page("");
    expect(latest.statusCode).toBe(200);
    expect(seqs(latest.json())).toEqual(range(TOTAL - MESSAGE_PAGE_SIZE + 1, TOTAL));

    const seen: number[] = [...seqs(latest.json<ChatMessage[]>())];
    let oldest = seen[0]!;
    for (;;) {
      const older = await page(`?before=${oldest}`);
      expect(older.statusCode).toBe(200);
      const got = seqs(older.json());
      seen.unshift(...got);
      if (got.length < MESSAGE_PAGE_SIZE) break;
      oldest = got[0]!;
    }
    expect(seen).toEqual(range(1, TOTAL));
  });

  it("answers an empty page before the first message and after the last", async () => {
    expect((await page("?before=1")).json()).toEqual([]);
    expect((await page(`?after=${TOTAL}`)).json()).toEqual([]);
    expect(seqs((await page("?before=3")).json())).toEqual([1, 2]);
  });

  it("refuses bad positions and both directions at once with a 400 and a message", async () => {
    for (const query of ["?before=-1", "?before=abc", "?before=1.5", "?before=3000000000"]) {
      const bad = await page(query);
      expect(bad.statusCode, query).toBe(400);
      expect(bad.json().message).toBe("A message position must be a whole number.");
    }
    const both = await page("?before=10&after=2");
    expect(both.statusCode).toBe(400);
    expect(both.json().message).toBe("Ask for messages before or after a position, not both.");
  });

  it("gives older pages only to the room's members", async () => {
    const outsider = await page("?before=100", stranger.cookie);
    expect(outsider.statusCode).toBe(403);
    const anonymous = await t.app.inject({ url: `/api/chat/rooms/${roomId}/messages?before=100` });
    expect(anonymous.statusCode).toBe(401);
  });
});
