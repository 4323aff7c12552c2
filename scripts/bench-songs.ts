/**
 * Songs benchmark (a measurement, not a test): 10,000 songs for one artist.
 *  1. The list query, page 1 versus page 1,000 by key (median of many runs),
 *     next to the same deep page read by OFFSET for contrast.
 *  2. The authenticated list endpoint under autocannon, next to a bare
 *     Fastify hello-world measured in the same run.
 * Run: npm run bench:songs   (BENCH_SECONDS=10, BENCH_CONNECTIONS=10 by default)
 */
import autocannon from "autocannon";
import Fastify from "fastify";
import { SONG_PAGE_SIZE } from "../src/shared/song-schemas";
import { encodeSongCursor } from "../src/server/features/songs/song-cursor";
import { listArtistSongs } from "../src/server/features/songs/song-repository";
import { findUserIdByEmail } from "../src/server/features/users/user-accounts";
import { createTestApp, signUp } from "../src/server/test/test-app";

const SONGS = 10_000;
const QUERY_RUNS = Number(process.env.BENCH_QUERY_RUNS ?? 2_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
};
const micros = (ns: bigint) => Number(ns) / 1000;

async function timeIt(run: () => Promise<unknown>): Promise<number> {
  const start = process.hrtime.bigint();
  await run();
  return micros(process.hrtime.bigint() - start);
}

async function load(url: string, headers: Record<string, string> = {}) {
  const result = await autocannon({
    url,
    headers,
    connections: CONNECTIONS,
    duration: SECONDS,
    // The load generator runs in a worker thread, so it does not share the
    // server's event loop (each gets one of the two cores).
    workers: 1,
  });
  if (result.non2xx > 0 || result.errors > 0) {
    throw new Error(`${url}: ${result.non2xx} non-2xx answers, ${result.errors} errors`);
  }
  return { rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99 };
}

const t = await createTestApp();
try {
  const { app } = t;
  const db = app.ctx.database.db;
  const { cookie, email } = await signUp(app, { name: "Bench Artist" });
  const artistId = (await findUserIdByEmail(app.ctx.database, email))!;

  // 10,000 songs, five per release day, so every page crosses ties on the date.
  const now = Date.now();
  const rows = Array.from({ length: SONGS }, (_, i) => ({
    id: crypto.randomUUID(),
    artistId,
    type: `Bench Song ${i}`,
    status: ["pending", "released", "rejected"][i % 3]!,
    album: `Album ${i % 50}`,
    artist: "Bench Artist",
    genre: "Pop",
    date: new Date(Date.UTC(2000, 0, 1) + Math.floor(i / 5) * 86_400_000)
      .toISOString()
      .slice(0, 10),
    duration: "3:30",
    lyrics: "",
    link: "",
    coverFileId: null,
    spotifyUrl: "",
    appleMusicUrl: "",
    youtubeUrl: "",
    createdAt: now,
    updatedAt: now,
  }));
  await db.transaction().execute(async (trx) => {
    for (let i = 0; i < rows.length; i += 500) {
      await trx
        .insertInto("song_request")
        .values(rows.slice(i, i + 500))
        .execute();
    }
  });

  // The key of the last song on page 999: page 1,000 starts right after it.
  const ordered = [...rows].sort((a, b) =>
    a.date === b.date ? (a.id < b.id ? 1 : -1) : a.date < b.date ? 1 : -1,
  );
  const before = ordered[999 * SONG_PAGE_SIZE - 1]!;
  const deepCursor = { date: before.date, id: before.id };
  const deep = await listArtistSongs(db, artistId, deepCursor);
  if (deep.items.length !== SONG_PAGE_SIZE || deep.nextCursor !== null) {
    throw new Error("page 1,000 is not the last full page");
  }

  const first: number[] = [];
  const last: number[] = [];
  const offset: number[] = [];
  const byOffset = () =>
    db
      .selectFrom("song_request")
      .select(["id", "type", "status", "album", "date", "coverFileId"])
      .where("artistId", "=", artistId)
      .orderBy("date", "desc")
      .orderBy("id", "desc")
      .limit(SONG_PAGE_SIZE + 1)
      .offset(999 * SONG_PAGE_SIZE)
      .execute();
  for (let i = 0; i < 200; i++) {
    await listArtistSongs(db, artistId, null);
    await listArtistSongs(db, artistId, deepCursor);
  }
  // Interleaved, so drift in machine load hits both alike.
  for (let i = 0; i < QUERY_RUNS; i++) {
    first.push(await timeIt(() => listArtistSongs(db, artistId, null)));
    last.push(await timeIt(() => listArtistSongs(db, artistId, deepCursor)));
    if (i % 10 === 0) offset.push(await timeIt(byOffset));
  }
  const m1 = median(first);
  const m1000 = median(last);
  const mOffset = median(offset);

  await app.listen({ host: "127.0.0.1", port: 0 });
  const songsUrl = `http://127.0.0.1:${(app.server.address() as { port: number }).port}/api/songs`;
  const hello = Fastify({ logger: false });
  hello.get("/hello", () => ({ hello: "world" }));
  await hello.listen({ host: "127.0.0.1", port: 0 });
  const helloUrl = `http://127.0.0.1:${(hello.server.address() as { port: number }).port}/hello`;

  const bare = await load(helloUrl);
  const list = await load(songsUrl, { cookie, origin: "http://localhost:3000" });
  const listDeep = await load(`${songsUrl}?cursor=${encodeSongCursor(deepCursor)}`, {
    cookie,
    origin: "http://localhost:3000",
  });
  await hello.close();

  const fmt = (n: number) => n.toFixed(1);
  console.log(`\nSongs benchmark: ${SONGS} songs for one artist, Node ${process.version}\n`);
  console.log("List query (median of", QUERY_RUNS, "runs each):");
  console.log(`  page 1            ${fmt(m1)} µs`);
  console.log(`  page 1,000 by key ${fmt(m1000)} µs   ratio ${(m1000 / m1).toFixed(2)}`);
  console.log(`  page 1,000 by OFFSET (for contrast) ${fmt(mOffset)} µs`);
  console.log(`\nHTTP, ${CONNECTIONS} connections, ${SECONDS} s each (requests/s, p50/p99 ms):`);
  console.log(`  bare Fastify hello-world     ${Math.round(bare.rps)}  ${bare.p50}/${bare.p99}`);
  console.log(`  GET /api/songs (page 1)      ${Math.round(list.rps)}  ${list.p50}/${list.p99}`);
  console.log(
    `  GET /api/songs (page 1,000)  ${Math.round(listDeep.rps)}  ${listDeep.p50}/${listDeep.p99}`,
  );
} finally {
  await t.close();
}
