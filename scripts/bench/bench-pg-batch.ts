/**
 * The PostgreSQL message writer's batch alone (not a test):
 * `npx tsx scripts/bench/bench-pg-batch.ts`. A fresh schema per run on
 * BENCH_POSTGRES_URL (postgres://postgres@127.0.0.1:5432/test), migrated,
 * 500 rooms; four lanes side by side, as the writer runs them, each storing
 * batches of BATCH (8) messages with the real `insertMessageBatch` until N
 * (20,000) are stored. Prints each batch's latency (p50, p99, p999, max)
 * and the messages per second, for the GIN search index as migrated and two
 * variants (`fastupdate = off`; a 256 KB pending list), alternating, RUNS
 * (3) times each.
 */
import { randomUUID } from "node:crypto";
import { sql } from "kysely";
import { dropPostgresSchema, migrateToLatest, openDatabase } from "../../src/server/db/database";
import { insertMessageBatch } from "../../src/server/features/conversations/repositories/pg-message-batch";

const URL = process.env.BENCH_POSTGRES_URL ?? "postgres://postgres@127.0.0.1:5432/test";
const BATCH = Number(process.env.BATCH ?? 8);
const N = Number(process.env.N ?? 20_000);
const RUNS = Number(process.env.RUNS ?? 3);
const LANES = 4;
const WORDS =
  "hello there this is a message about my new song release next friday please check the artwork isrc".split(
    " ",
  );
const VARIANTS = {
  "as migrated": undefined,
  "fastupdate = off": sql`alter index message_text_search_idx set (fastupdate = off)`,
  "256 KB pending list": sql`alter index message_text_search_idx set (gin_pending_list_limit = 256)`,
};

async function run(variant: keyof typeof VARIANTS): Promise<string> {
  const schema = `bench_${randomUUID().replaceAll("-", "")}`;
  const handle = await openDatabase({ engine: "postgres", url: URL, schema });
  try {
    await migrateToLatest(handle);
    await VARIANTS[variant]?.execute(handle.db);
    const rooms = Array.from({ length: 500 }, (_, i) => `room${i}`);
    await handle.db
      .insertInto("room")
      .values(rooms.map((id) => ({ id, createdAt: 1 })))
      .execute();
    const text = () =>
      Array.from(
        { length: 12 },
        () => `${WORDS[Math.floor(Math.random() * WORDS.length)]}${Math.floor(Math.random() * 50)}`,
      ).join(" ");
    const times: number[] = [];
    let next = 0;
    const started = performance.now();
    await Promise.all(
      Array.from({ length: LANES }, async () => {
        while (next < N) {
          const first = next;
          next += BATCH;
          const inputs = Array.from({ length: BATCH }, (_, j) => ({
            id: randomUUID(),
            roomId: rooms[(first + j) % rooms.length]!,
            senderId: "sender",
            senderName: "Sender",
            text: text(),
            createdAt: Date.now(),
            file: null,
          }));
          const at = performance.now();
          await insertMessageBatch(handle.db, inputs);
          times.push(performance.now() - at);
        }
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    times.sort((a, b) => a - b);
    const p = (q: number) => times[Math.floor(times.length * q)]!.toFixed(1);
    return (
      `${variant.padEnd(20)} ${(N / seconds).toFixed(0)} msg/s; batch p50 ${p(0.5)} ` +
      `p99 ${p(0.99)} p999 ${p(0.999)} max ${times.at(-1)!.toFixed(1)} ms`
    );
  } finally {
    await handle.close();
    await dropPostgresSchema(URL, schema);
  }
}

for (let round = 1; round <= RUNS; round++) {
  for (const variant of Object.keys(VARIANTS) as (keyof typeof VARIANTS)[]) {
    console.log(`${round} ${await run(variant)}`);
  }
}
