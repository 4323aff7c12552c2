/**
 * The message insert's own cost on SQLite (not a test): `npm run bench:insert`.
 *
 * A fresh database per run, migrated to the latest schema, 500 rooms, the
 * app's prepared insert (features/conversations/repositories/sqlite-message-insert.ts) in commits
 * of BATCH (8) messages with `synchronous=FULL`, as the writer commits under
 * load. Each run stores 5,000 messages to warm up, then times N (30,000)
 * with process.cpuUsage. Two schemas side by side, alternating, RUNS (3)
 * times each: "now", and "0014" (the search index's insert trigger and the
 * full file index that migration 0015 replaced, decision 085). For "now" it
 * also times the fold of the pending rows into the index that follows the
 * commit (search-index-upkeep.ts), per message. Ids are made as the web
 * client makes them (newMessageId: time-ordered).
 */
import fs from "node:fs";
import type { Kysely } from "kysely";
import os from "node:os";
import path from "node:path";
import { migrateToLatest, openDatabase } from "../../src/server/db/database";
import { prepareMessageInsert } from "../../src/server/features/conversations/repositories/sqlite-message-insert";
import { catchUpSearchIndex } from "../../src/server/features/conversations/repositories/search-index-upkeep";
import { lighterMessageInsertMigration } from "../../src/server/db/migrations/0015-lighter-message-insert";
import { newMessageId } from "../../src/web/features/conversations/api/message-id";

const BATCH = Number(process.env.BATCH ?? 8);
const N = Number(process.env.N ?? 30_000);
const RUNS = Number(process.env.RUNS ?? 3);
const WORDS =
  "hello there this is a message about my new song release next friday please check the artwork isrc".split(
    " ",
  );

async function run(schema: "now" | "0014") {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-insert-"));
  const handle = await openDatabase({ engine: "sqlite", file: path.join(dir, "db.sqlite") });
  try {
    await migrateToLatest(handle);
    const sqlite = handle.sqlite!;
    // The schema before decision 085: migration 0015's own way back.
    if (schema === "0014")
      await lighterMessageInsertMigration("sqlite").down(handle.db as Kysely<unknown>);
    const rooms = Array.from({ length: 500 }, (_, i) => `room${i}`);
    const addRoom = sqlite.prepare('insert into room (id, "createdAt") values (?, ?)');
    for (const room of rooms) addRoom.run(room, Date.now());
    const insert = prepareMessageInsert(sqlite);
    const text = () =>
      Array.from({ length: 8 }, () => WORDS[Math.floor(Math.random() * WORDS.length)]).join(" ");
    const commit = sqlite.transaction((first: number) => {
      for (let j = 0; j < BATCH; j++) {
        insert({
          id: newMessageId(),
          roomId: rooms[(first + j) % rooms.length]!,
          senderId: "sender",
          senderName: "Sender",
          text: text(),
          createdAt: Date.now(),
          file: null,
        });
      }
    });
    const store = (count: number) => {
      for (let i = 0; i < count; i += BATCH) commit(i);
    };
    store(5000);
    if (schema === "now") await catchUpSearchIndex(handle.db, sqlite);
    const before = process.cpuUsage();
    store(N);
    const used = process.cpuUsage(before);
    let foldPerMessage = 0;
    if (schema === "now") {
      const foldBefore = process.cpuUsage();
      const folded = await catchUpSearchIndex(handle.db, sqlite);
      const fold = process.cpuUsage(foldBefore);
      foldPerMessage = (fold.user + fold.system) / folded;
    }
    return { insert: (used.user + used.system) / N, fold: foldPerMessage };
  } finally {
    await handle.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const results = {
  now: [] as { insert: number; fold: number }[],
  "0014": [] as { insert: number; fold: number }[],
};
for (let i = 0; i < RUNS; i++) {
  for (const schema of ["0014", "now"] as const) {
    const result = await run(schema);
    results[schema].push(result);
    console.log(
      `run ${i + 1} ${schema.padEnd(4)}: ${result.insert.toFixed(1)} µs CPU per message stored` +
        (schema === "now" ? `, then ${result.fold.toFixed(1)} µs per message folded` : ""),
    );
  }
}
for (const schema of ["0014", "now"] as const) {
  const inserts = results[schema].map((r) => r.insert);
  const folds = results[schema].map((r) => r.fold);
  console.log(
    `${schema}: insert ${median(inserts).toFixed(1)} µs (${Math.min(...inserts).toFixed(1)}–${Math.max(...inserts).toFixed(1)})` +
      (schema === "now"
        ? `, fold ${median(folds).toFixed(1)} µs (${Math.min(...folds).toFixed(1)}–${Math.max(...folds).toFixed(1)})`
        : ""),
  );
}
console.log(
  `load average ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(" ")}`,
);
