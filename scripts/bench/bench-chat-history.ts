/**
 * Chat history benchmark (not a test): `npm run bench:chat-history`.
 *
 * One room with 10,000 messages (among 200,000 in 20 rooms, so the index has
 * neighbours). Server time of the query behind GET /api/chat/rooms/:id/messages
 * for the latest page and for the page at depth 9,000 (?before=1001), on
 * SQLite and, when reachable, PostgreSQL. Three runs of ITERATIONS each; the
 * figures are the median of the three p50s and their spread (min–max).
 * Keyset on (roomId, seq): both pages should cost the same (ratio ≤ 1.2, each ≤ 5 ms p50).
 */
import { performance } from "node:perf_hooks";
import { sql } from "kysely";
import type { DatabaseHandle } from "../../src/server/db/database";
import { onSqliteThenPostgres } from "./bench-on-engines";
import { listMessages } from "../../src/server/features/conversations/repositories";
import { MESSAGE_PAGE_SIZE } from "../../src/shared/chat";

const ROOMS = 20;
const PER_ROOM = 10_000;
const ITERATIONS = Number(process.env.ITERATIONS ?? 300);
const DEPTH = 9_000;

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const ms = (n: number) => `${n.toFixed(3)} ms`;

async function seed(database: DatabaseHandle): Promise<string> {
  const { db } = database;
  const now = Date.now();
  for (let r = 0; r < ROOMS; r++) {
    const roomId = `bench-room-${r}`;
    await db.insertInto("room").values({ id: roomId, createdAt: now }).execute();
    for (let from = 1; from <= PER_ROOM; from += 1000) {
      const rows = Array.from({ length: 1000 }, (_, i) => {
        const seq = from + i;
        return {
          id: `${roomId}-${seq}`,
          roomId,
          seq,
          senderId: seq % 2 ? "artist" : "agent",
          senderName: "Bench",
          text: `message ${seq} of a long support conversation`,
          createdAt: now - PER_ROOM + seq,
          status: "sent",
          fromMsgNum: 0,
          toMsgNum: 1,
        };
      });
      await db.insertInto("message").values(rows).execute();
    }
  }
  await sql`ANALYZE`.execute(db);
  return "bench-room-7";
}

async function time(run: () => Promise<unknown>): Promise<number> {
  const samples: number[] = [];
  for (let i = 0; i < ITERATIONS; i++) {
    const t0 = performance.now();
    await run();
    samples.push(performance.now() - t0);
  }
  return median(samples);
}

async function measure(label: string, database: DatabaseHandle) {
  const roomId = await seed(database);
  const before = PER_ROOM - DEPTH + 1;
  const deep = await listMessages(database.db, roomId, { before });
  if (deep.length !== MESSAGE_PAGE_SIZE || deep.at(-1)!.seq !== before - 1) {
    throw new Error("the deep page is not the one asked for");
  }
  const latest: number[] = [];
  const older: number[] = [];
  for (let run = 0; run < 3; run++) {
    // Warm both, then measure alternately so neither gets a warmer cache.
    await time(() => listMessages(database.db, roomId, {}));
    latest.push(await time(() => listMessages(database.db, roomId, {})));
    older.push(await time(() => listMessages(database.db, roomId, { before })));
  }
  const l = median(latest);
  const o = median(older);
  console.log(
    `${label}: latest page p50 ${ms(l)} (runs ${latest.map((v) => v.toFixed(3)).join(", ")}); ` +
      `depth ${DEPTH.toLocaleString("en")} p50 ${ms(o)} (runs ${older.map((v) => v.toFixed(3)).join(", ")}); ` +
      `ratio ${(o / l).toFixed(2)}`,
  );
}

await onSqliteThenPostgres("history", (engine, database) =>
  measure(
    `${engine === "sqlite" ? "SQLite" : "PostgreSQL"}, ${PER_ROOM.toLocaleString("en")} messages in the room`,
    database,
  ),
);
