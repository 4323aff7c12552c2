import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, testDatabaseUrl, type TestApp } from "../../../test/test-app";
import { chatRoomId } from "../../../../shared/chat";
import { createUser, type TestUser } from "../../../test/chat-test-helpers";
import { createMessageWriter, laneOf, POSTGRES_WRITER_LANES } from "../repositories/message-writer";
import { ensureRoom, listMessages, type NewMessage } from "../repositories";
import { insertMessageMarked } from "../repositories/fan-out-marks";
import { beatHeart, claimStaleMarks } from "../../../realtime/fan-out-mark-repository";
import { num } from "../repositories/message-rows";

let t: TestApp;
let artist: TestUser;
let agent: TestUser;
let roomId: string;

beforeAll(async () => {
  t = await createTestApp();
  artist = await createUser(t.app, "Writer Artist");
  agent = await createUser(t.app, "Writer Agent", true);
  roomId = chatRoomId(artist.id, agent.id);
  await openRoom(roomId, agent);
});
afterAll(async () => {
  await t.close();
});

/** The room between the artist and `other`, stored. */
async function openRoom(room: string, other: TestUser): Promise<void> {
  const members = [artist, other].map((u) => ({ userId: u.id, lastReadAt: null }));
  await ensureRoom(t.app.ctx.database.db, room, members, Date.now());
}

const message = (id: string, senderId = artist.id): NewMessage => ({
  id,
  roomId,
  senderId,
  senderName: "W",
  text: `text ${id}`,
  createdAt: Date.now(),
  file: null,
});

describe("createMessageWriter", () => {
  it("with markFanOut, leaves one fan-out mark per created message in the same commit, none for a retry or a conflict (decision 094)", async () => {
    const { db, sqlite } = t.app.ctx.database;
    const room = chatRoomId(artist.id, `marks-${randomUUID()}`);
    const other = await createUser(t.app, "Marks Agent", true);
    await openRoom(room, other);
    const batches: number[] = [];
    const write = createMessageWriter(db, sqlite, {
      markFanOut: "instance-a",
      onBatch: (n) => batches.push(n),
    });
    const ids = Array.from({ length: 20 }, () => randomUUID());
    const inRoom = (id: string, senderId = artist.id) => ({
      ...message(id, senderId),
      roomId: room,
    });
    const results = await Promise.all([
      ...ids.map((id) => write(inRoom(id))),
      write(inRoom(ids[0]!)),
      write(inRoom(ids[1]!, other.id)),
    ]);
    expect(results.map((r) => r.outcome).filter((o) => o === "created")).toHaveLength(20);
    expect(batches).toEqual([22]);
    const marks = await db
      .selectFrom("fan_out_pending")
      .select(["messageId", "instanceId", "markedAt"])
      .where("messageId", "in", [...ids, randomUUID()])
      .execute();
    expect(new Set(marks.map((m) => m.messageId))).toEqual(new Set(ids));
    expect(new Set(marks.map((m) => m.instanceId))).toEqual(new Set(["instance-a"]));
    // Marked by the database's clock, in milliseconds.
    for (const mark of marks)
      expect(Math.abs(num(mark.markedAt) - Date.now())).toBeLessThan(60_000);
    // A writer without it (no Redis) leaves none.
    const plain = createMessageWriter(db, sqlite);
    const unmarked = randomUUID();
    expect((await plain(inRoom(unmarked))).outcome).toBe("created");
    expect(
      await db
        .selectFrom("fan_out_pending")
        .selectAll()
        .where("messageId", "=", unmarked)
        .execute(),
    ).toEqual([]);
    await db.deleteFrom("fan_out_pending").execute();
  });

  it("a sweep claims the marks of a dead, unlinked or unknown instance, never a live and linked one's until late", async () => {
    const { db, dialect } = t.app.ctx.database;
    const room = chatRoomId(artist.id, `sweep-${randomUUID()}`);
    await openRoom(room, await createUser(t.app, "Sweep Agent", true));
    await beatHeart(db, dialect, "live", true);
    await beatHeart(db, dialect, "unlinked", false);
    const marked = { live: randomUUID(), unlinked: randomUUID(), dead: randomUUID() };
    for (const [instanceId, id] of Object.entries(marked)) {
      await insertMessageMarked(db, { dialect, instanceId }, { ...message(id), roomId: room });
    }
    await new Promise((r) => setTimeout(r, 20));
    const after = { orphanMs: 0, silentMs: 60_000, anyMs: 60_000 };
    expect(new Set(await claimStaleMarks(db, dialect, after, 10))).toEqual(
      new Set([marked.unlinked, marked.dead]),
    );
    // Claimed: leased, not taken again at once.
    expect(await claimStaleMarks(db, dialect, { ...after, orphanMs: 5_000 }, 10)).toEqual([]);
    // The live one's only once any mark is old enough.
    expect(await claimStaleMarks(db, dialect, { ...after, anyMs: 0 }, 10)).toContain(marked.live);
    await db.deleteFrom("fan_out_pending").execute();
  });

  it("a note or desk line (insertMessageMarked) carries its mark too, on either engine", async () => {
    const { db, dialect } = t.app.ctx.database;
    const id = randomUUID();
    const marking = { dialect, instanceId: "instance-a" };
    const room = chatRoomId(artist.id, `note-${randomUUID()}`);
    await openRoom(room, await createUser(t.app, "Note Agent", true));
    const note = { ...message(id), roomId: room, kind: "note" as const };
    const stored = await insertMessageMarked(db, marking, note);
    expect(stored.outcome).toBe("created");
    expect((await insertMessageMarked(db, marking, note)).outcome).toBe("existing");
    const marks = await db.selectFrom("fan_out_pending").select("messageId").execute();
    expect(marks.map((m) => m.messageId)).toEqual([id]);
    await db.deleteFrom("fan_out_pending").execute();
  });

  it("stores concurrent sends once each, with unique increasing seqs", async () => {
    const { db, sqlite } = t.app.ctx.database;
    // SQLite: the prepared-statement path the app uses; PostgreSQL: Kysely.
    const write = createMessageWriter(db, sqlite);
    const ids = Array.from({ length: 300 }, () => randomUUID());
    const duplicate = ids[10]!;
    const results = await Promise.all([
      ...ids.map((id) => write(message(id))),
      write(message(duplicate)),
      write(message(ids[20]!, agent.id)),
    ]);
    expect(results.filter((r) => r.outcome === "created")).toHaveLength(300);
    expect(results.at(-2)?.outcome).toBe("existing");
    expect(results.at(-1)?.outcome).toBe("conflict");
    const stored = await listMessages(t.app.ctx.database.db, roomId, { after: 0 });
    expect(stored.map((m) => m.seq)).toEqual(Array.from({ length: 200 }, (_, i) => i + 1));
    const rest = await listMessages(t.app.ctx.database.db, roomId, { after: 200 });
    expect(rest.map((m) => m.seq)).toEqual(Array.from({ length: 100 }, (_, i) => i + 201));
    expect(new Set([...stored, ...rest].map((m) => m.id))).toEqual(new Set(ids));
  });

  it("gathers the sends of one event-loop turn into one commit, even when each arrives in its own callback", async () => {
    const { db, sqlite } = t.app.ctx.database;
    const batches: number[] = [];
    const write = createMessageWriter(db, sqlite, { onBatch: (size) => batches.push(size) });
    // Sockets' messages reach the server in separate I/O callbacks of one
    // turn, with the microtask queue drained between them: a writer that
    // started its commit on the first would store it alone.
    const writes: Promise<unknown>[] = [];
    for (let i = 0; i < 5; i++) {
      writes.push(write(message(randomUUID())));
      await Promise.resolve();
      await Promise.resolve();
    }
    await Promise.all(writes);
    expect(batches).toEqual([5]);
    // The next turn's sends make the next commit.
    await Promise.all([write(message(randomUUID())), write(message(randomUUID()))]);
    expect(batches).toEqual([5, 2]);
  });

  it.skipIf(!testDatabaseUrl)(
    "on PostgreSQL, commits rooms of different lanes side by side, each room in order",
    async () => {
      const { db, sqlite } = t.app.ctx.database;
      // Two agents whose rooms with the artist fall in different lanes.
      const rooms: string[] = [];
      while (rooms.length < 2) {
        const other = await createUser(t.app, `Lane Agent ${rooms.length}`, true);
        const room = chatRoomId(artist.id, other.id);
        if (
          rooms.length === 1 &&
          laneOf(room, POSTGRES_WRITER_LANES) === laneOf(rooms[0]!, POSTGRES_WRITER_LANES)
        )
          continue;
        await openRoom(room, other);
        rooms.push(room);
      }
      const steps: string[] = [];
      const write = createMessageWriter(db, sqlite, {
        onBatch: (size) => steps.push(`commit ${size}`),
      });
      const ids = rooms.map(() => Array.from({ length: 10 }, () => randomUUID()));
      await Promise.all(
        ids.flatMap((roomIds, r) =>
          roomIds.map((id) =>
            write({ ...message(id), roomId: rooms[r]! }).then(() => steps.push("acked")),
          ),
        ),
      );
      // Both commits started before the first answer: they ran side by side.
      expect(steps.slice(0, 2)).toEqual(["commit 10", "commit 10"]);
      for (const [r, room] of rooms.entries()) {
        const stored = await listMessages(db, room, { after: 0 });
        expect(stored.map((m) => m.id)).toEqual(ids[r]);
        expect(stored.map((m) => m.seq)).toEqual(Array.from({ length: 10 }, (_, i) => i + 1));
      }
    },
  );

  it("replays a failed batch one by one, so one bad send never sinks the others", async () => {
    const db = t.app.ctx.database.db;
    const other = await createUser(t.app, "Replay Agent", true);
    const room = chatRoomId(artist.id, other.id);
    await openRoom(room, other);
    const write = createMessageWriter(db, t.app.ctx.database.sqlite);
    const inRoom = (id: string) => ({ ...message(id), roomId: room });
    const good = Array.from({ length: 40 }, () => randomUUID());
    // A room that does not exist: its insert fails inside the shared batch transaction.
    const bad = { ...message(randomUUID()), roomId: "no-such-room" };
    const settled = await Promise.allSettled([
      ...good.slice(0, 20).map((id) => write(inRoom(id))),
      write(bad),
      ...good.slice(20).map((id) => write(inRoom(id))),
    ]);
    expect(settled[20]?.status).toBe("rejected");
    const created = settled.filter(
      (r) => r.status === "fulfilled" && r.value.outcome === "created",
    );
    expect(created).toHaveLength(40);
    const stored = await listMessages(db, room, { after: 0 });
    expect(stored.map((m) => m.id).sort()).toEqual([...good].sort());
    expect(stored.map((m) => m.seq)).toEqual(Array.from({ length: 40 }, (_, i) => i + 1));
  });

  it("numbers each room's messages in arrival order within one batch, and answers ids stored earlier", async () => {
    const db = t.app.ctx.database.db;
    const second = await createUser(t.app, "Second Agent", true);
    const otherRoom = chatRoomId(artist.id, second.id);
    await openRoom(otherRoom, second);
    const write = createMessageWriter(db, t.app.ctx.database.sqlite);
    const earlier = randomUUID();
    await write({ ...message(earlier), roomId: otherRoom });
    // Interleaved rooms, written in one turn: one batch.
    const order = Array.from({ length: 30 }, (_, i) => ({
      id: randomUUID(),
      room: i % 3 === 0 ? otherRoom : roomId,
    }));
    const results = await Promise.all([
      ...order.map(({ id, room }) => write({ ...message(id), roomId: room })),
      write({ ...message(earlier), roomId: otherRoom }),
    ]);
    expect(results.at(-1)).toMatchObject({ outcome: "existing", message: { id: earlier } });
    const seqOf = new Map(
      results.flatMap((r) => (r.outcome === "created" ? [[r.message.id, r.message.seq]] : [])),
    );
    const inOther = order.filter((o) => o.room === otherRoom).map((o) => seqOf.get(o.id));
    const inFirst = order.filter((o) => o.room === roomId).map((o) => seqOf.get(o.id));
    expect(inOther).toEqual(Array.from({ length: 10 }, (_, i) => i + 2));
    const first = inFirst[0]!;
    expect(inFirst).toEqual(Array.from({ length: 20 }, (_, i) => first + i));
    const [latest] = await listMessages(db, roomId, { after: first + 19 });
    expect(latest).toBeUndefined();
    // The sender's current name, as a single insert takes it.
    const stored = await listMessages(db, otherRoom, { after: 0 });
    expect(new Set(stored.map((m) => m.senderName))).toEqual(new Set(["Writer Artist"]));
    // What a send answers is the row as stored, field for field.
    const answered = new Map(
      results.flatMap((r) => (r.outcome === "created" ? [[r.message.id, r.message]] : [])),
    );
    const sentInThisTest = stored.filter((m) => answered.has(m.id));
    expect(sentInThisTest).toHaveLength(10);
    for (const row of sentInThisTest) {
      expect(answered.get(row.id)).toEqual({ ...row, quote: undefined });
    }
  });
});
