import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { randomUUID } from "node:crypto";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { sql } from "kysely";
import { testDatabaseUrl } from "../../../test/test-app";
import { migrateToLatest, openDatabase, type DatabaseHandle } from "../../../db/database";
import { createMessageWriter } from "../repositories/message-writer";
import { searchRoom } from "../repositories/message-search";
import {
  FOLD_CHUNK,
  FOLD_INDEX_SQL,
  catchUpSearchIndex,
  keepSearchIndex,
} from "../repositories/search-index-upkeep";
import type { NewMessage } from "../repositories";

/**
 * SQLite indexes a message's words after its commit (migration 0015): the
 * insert notes the row as pending, the upkeep folds pending rows into FTS5.
 * A database of its own, without the app, so no background fold races the
 * checks of what is pending.
 */
let handle: DatabaseHandle;
let dir: string;
const roomId = "room-search";
const viewer = { id: "agent", admin: true };

beforeEach(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "portal-fts-"));
  handle = await openDatabase({ engine: "sqlite", file: path.join(dir, "portal.sqlite") });
  await migrateToLatest(handle);
  await handle.db.insertInto("room").values({ id: roomId, createdAt: 1 }).execute();
});
afterEach(async () => {
  await handle.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const sqlite = () => handle.sqlite!;
const pendingCount = () =>
  (sqlite().prepare("select count(*) as n from message_fts_pending").get() as { n: number }).n;
/** Rowids the index answers for a word prefix, whatever the room. */
const indexed = (word: string) =>
  sqlite()
    .prepare("select rowid from message_fts where message_fts match ? order by rowid")
    .all(`"${word}"*`)
    .map((r) => (r as { rowid: number }).rowid);
/**
 * FTS5's own check that the index holds exactly the content table's words
 * (so it fails while rows are pending, by design).
 */
const integrityCheck = () =>
  sqlite().exec("insert into message_fts(message_fts, rank) values ('integrity-check', 1)");

function send(text: string, write = createMessageWriter(handle.db, sqlite())) {
  const input: NewMessage = {
    id: randomUUID(),
    roomId,
    senderId: "artist",
    senderName: "Artist",
    text,
    createdAt: Date.now(),
    file: null,
  };
  return write(input);
}

describe.skipIf(testDatabaseUrl)("the search index's upkeep (SQLite)", () => {
  it("notes a new message as pending in its commit, and indexes it when folded", async () => {
    await send("release artwork");
    expect(pendingCount()).toBe(1);
    expect(indexed("artwork")).toEqual([]);

    expect(await catchUpSearchIndex(handle.db, sqlite())).toBe(1);
    expect(pendingCount()).toBe(0);
    expect(indexed("artwork")).toHaveLength(1);
    integrityCheck();
  });

  it("folds in chunks until nothing is pending", async () => {
    for (let i = 0; i < 11; i++) await send(`chunked message ${i}`);
    expect(await catchUpSearchIndex(handle.db, sqlite(), 3)).toBe(11);
    expect(pendingCount()).toBe(0);
    expect(indexed("chunked")).toHaveLength(11);
  });

  it("lets the writer's batches take the fold along, every FOLD_CHUNK messages", async () => {
    const write = createMessageWriter(handle.db, sqlite());
    const sends = Array.from({ length: FOLD_CHUNK + 10 }, (_, i) => send(`along ${i}`, write));
    const results = await Promise.all(sends);
    expect(results.every((r) => r.outcome === "created")).toBe(true);
    // The batch that reached FOLD_CHUNK folded everything before it, itself included.
    expect(pendingCount()).toBeLessThan(FOLD_CHUNK);
    expect(indexed("along").length).toBeGreaterThanOrEqual(FOLD_CHUNK);
  });

  it("reads only the pending rows, never every message stored before them", () => {
    // A plan that walks `message` up to the chunk's end made each fold cost
    // grow with the whole table (a third of the server's time after a busy
    // minute of chat, issue 48).
    const plan = sqlite()
      .prepare(`explain query plan ${FOLD_INDEX_SQL}`)
      .all(100)
      .map((step) => (step as { detail: string }).detail);
    expect(plan).toEqual([
      expect.stringMatching(/^SEARCH p USING INTEGER PRIMARY KEY \(rowid<\?\)$/),
      expect.stringMatching(/^SEARCH m USING INTEGER PRIMARY KEY \(rowid=\?\)$/),
    ]);
  });

  it("never fails a send because the fold fails", async () => {
    const write = createMessageWriter(handle.db, sqlite());
    // The index gone: every fold throws (the pending list still takes the rows).
    sqlite().exec("drop table message_fts");
    const results = await Promise.all(
      Array.from({ length: FOLD_CHUNK + 1 }, (_, i) => send(`doomed fold ${i}`, write)),
    );
    expect(results.every((r) => r.outcome === "created")).toBe(true);
    expect(pendingCount()).toBe(FOLD_CHUNK + 1);
  });

  it("a search finds every message acknowledged before it, with nobody folding", async () => {
    await send("isrc for the march single");
    await send("cover art for march");
    const result = await searchRoom(handle, roomId, viewer, "march");
    expect(result.matches.map((m) => m.seq)).toEqual([2, 1]);
    expect(pendingCount()).toBe(0);
  });

  it("keeps the index exact through edits and deletes, folded or still pending", async () => {
    await send("folded original");
    await catchUpSearchIndex(handle.db, sqlite());
    await send("pending original");
    await send("pending doomed");
    await send("folded doomed");
    const rowOf = (text: string) =>
      (sqlite().prepare("select rowid from message where text = ?").get(text) as { rowid: number })
        .rowid;
    const foldedDoomed = rowOf("folded doomed");
    await catchUpSearchIndex(handle.db, sqlite());
    expect(indexed("doomed")).toContain(foldedDoomed);
    await send("another pending");

    const db = handle.db;
    await sql`update message set text = 'folded edited' where text = 'folded original'`.execute(db);
    await sql`update message set text = 'another edited' where text = 'another pending'`.execute(
      db,
    );
    await sql`delete from message where text in ('folded doomed')`.execute(db);
    await send("pending doomed again");
    await sql`delete from message where text = 'pending doomed again'`.execute(db);
    expect(pendingCount()).toBe(1);

    await catchUpSearchIndex(handle.db, sqlite());
    integrityCheck();
    expect(indexed("original")).toEqual([rowOf("pending original")]);
    expect(indexed("edited")).toHaveLength(2);
    expect(indexed("doomed")).toEqual([rowOf("pending doomed")]);
    expect(indexed("again")).toEqual([]);
  });

  it("keeps folding in the background while the server runs, and stops when told", async () => {
    const errors: unknown[] = [];
    const stop = keepSearchIndex(handle.db, sqlite(), (e) => errors.push(e), 20);
    try {
      await send("background fold");
      await expect.poll(pendingCount, { timeout: 2000, interval: 10 }).toBe(0);
      expect(indexed("background")).toHaveLength(1);
    } finally {
      stop();
    }
    await send("after stop");
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(pendingCount()).toBe(1);
    expect(errors).toEqual([]);
  });
});
