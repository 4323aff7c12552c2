/**
 * Issue 46's import benchmark: a generated statement (TSV, 5,000 ISRCs of
 * which 4,000 are the portal's tracks, 7 stores, 60 countries, 12 sale
 * months, USD amounts) imported end to end by the statements service
 * (hash and header, streamed preview into the staging table, grouping and
 * the posting), against a bare parse-and-insert of the same file into an
 * unindexed table on the same database: Papa Parse (as the app) and batched
 * inserts on SQLite, COPY on PostgreSQL. Each run alternates bare and app; reports
 * rows per second, their ratio (target ≥ 0.3×), the app's peak RSS above
 * idle (≤ 128 MB) and its longest event-loop block (≤ 50 ms).
 *
 * Run: npm run bench:statements [-- LINES [RUNS]] (default 1,000,000 and 2);
 * FEW_GROUPS=1 for the file of few groups (below); TEST_DATABASE_URL=postgres://… runs it on PostgreSQL (a fresh schema);
 * HEAP_SAMPLE=1 lists what the preview allocated that only a full
 * collection freed (it slows the run).
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { monitorEventLoopDelay } from "node:perf_hooks";
import { pipeline } from "node:stream/promises";
import Papa from "papaparse";
import Fastify from "fastify";
import { sql } from "kysely";
import { sampleSurvivors, watchCollections } from "./gc-watch";
import { DomainEvents } from "../../src/server/events/domain-events";
import { migrateToLatest } from "../../src/server/db/database";
import { StatementService } from "../../src/server/features/statements/statement-service";
import { statementPreviewInputSchema } from "../../src/shared/statement-schemas";
import { openTestDatabase } from "../../src/server/test/test-app";

const LINES = Number(process.argv[2] ?? 1_000_000);
const RUNS = Number(process.argv[3] ?? 2);
const ISRCS = 5_000;
const MATCHED = 4_000;
const STORES = [
  "Spotify",
  "Apple Music",
  "YouTube Music",
  "Amazon Music",
  "JioSaavn",
  "Gaana",
  "Wynk Music",
];
const COUNTRIES = Array.from({ length: 60 }, (_, i) =>
  String.fromCharCode(65 + (i % 26), 65 + Math.floor(i / 26)),
);
const isrc = (n: number) => `INA1B26${String(n).padStart(5, "0")}`;
const upc = (n: number) => `89012345${String(Math.floor(n / 100)).padStart(5, "0")}`;

/**
 * Code, store, country and month drawn independently, as a store's report
 * has them: most lines are a group of their own (980,526 in a million).
 * FEW_GROUPS=1 draws them all from one LCG state instead, whose fields
 * share its low bits (11,854 groups): an easier file, kept for comparison.
 */
const DISTINCT = process.env.FEW_GROUPS !== "1";

/** A 32-bit integer hash (murmur3's finaliser): independent draws from a line's number. */
function mix(value: number): number {
  let h = value | 0;
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return (h ^ (h >>> 16)) >>> 0;
}

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-statements-"));

/** Writes the statement, one line at a time, never whole in memory. */
async function writeStatement(file: string, salt: number): Promise<number> {
  const out = fs.createWriteStream(file);
  const write = (text: string) =>
    out.write(text) ? Promise.resolve() : new Promise<void>((r) => out.once("drain", r));
  await write(
    "ISRC\tUPC\tTrack Title\tArtist\tStore\tCountry of Sale\tSales Month\tQuantity\tNet Revenue\tCurrency\n",
  );
  let x = 12345 + salt;
  for (let i = 0; i < LINES; i++) {
    x = (x * 1103515245 + 12345) % 2147483648;
    const q = 1 + (x % 900);
    const cents = ((x >> 8) % 99_999) / 1_000_000;
    const draw = (field: number, of: number) => (DISTINCT ? mix(i * 8 + field + salt) : x) % of;
    const n = draw(0, ISRCS);
    const store = DISTINCT ? draw(1, STORES.length) : x % STORES.length;
    const country = DISTINCT ? draw(2, COUNTRIES.length) : (x >> 4) % COUNTRIES.length;
    const month = DISTINCT ? draw(3, 12) : (x >> 6) % 12;
    await write(
      `${isrc(n)}\t${upc(n)}\tTrack ${n} (Bench Mix)\tBench Artist feat. Guest ${n % 97}\t${STORES[store]}\t${COUNTRIES[country]}\t2026-${String(1 + month).padStart(2, "0")}\t${q}\t${(q * cents).toFixed(6)}\tUSD\n`,
    );
  }
  await new Promise<void>((r) => out.end(r));
  return fs.statSync(file).size;
}

type Db = Awaited<ReturnType<typeof openTestDatabase>>;

/** An artist with MATCHED approved tracks carrying the ISRCs the file names. */
async function seedTracks(database: Db): Promise<void> {
  const db = database.db;
  const now = Date.now();
  const artistId = "bench-artist";
  await db
    .insertInto("user")
    .values({
      id: artistId,
      name: "Bench Artist",
      email: "bench@example.test",
      emailVerified: 0,
      image: null,
      createdAt: new Date().toISOString(),
      updatedAt: new Date().toISOString(),
      username: "bench",
      artistName: "Bench Artist",
      admin: 0,
      bio: null,
      profilePicture: null,
      spotifyUrl: null,
      appleMusicUrl: null,
      youtubeUrl: null,
    })
    .execute();
  for (let r = 0; r < MATCHED / 100; r++) {
    const releaseId = `bench-release-${r}`;
    await sql`insert into release (id, "artistId", state, version, title, "primaryArtist", "featuredArtists", genre, language, "releaseDate", "originalReleaseDate", "pLine", "cLine", upc, "acknowledgedWarnings", "createdAt", "updatedAt")
      values (${releaseId}, ${artistId}, 'live', 1, ${`Bench ${r}`}, 'Bench Artist', '[]', 'Indian Pop', 'Hindi', '2026-01-01', '', '', '', '', '[]', ${now}, ${now})`.execute(
      db,
    );
    for (let t = 0; t < 100; t++) {
      const n = r * 100 + t;
      await sql`insert into release_track ("releaseId", id, position, title, version, "featuredArtists", composer, lyricist, instrumental, producer, explicit, isrc, "isrcClaim", lyrics, "audioFileId", "songId")
        values (${releaseId}, ${`bench-track-${n}`}, ${t}, ${`Track ${n}`}, '', '[]', '', '', 0, '', 'not_explicit', ${isrc(n)}, ${isrc(n)}, '', null, null)`.execute(
        db,
      );
    }
  }
}

/** The bare baseline: parse and insert every line into an unindexed table. */
async function bare(database: Db, file: string): Promise<number> {
  const db = database.db;
  await sql`drop table if exists bench_bare`.execute(db);
  await sql`create table bench_bare (isrc text, upc text, title text, artist text, store text, country text, month text, quantity bigint, amount text, currency text)`.execute(
    db,
  );
  const started = performance.now();
  if (database.dialect === "postgres") {
    await copyInto(database, file);
  } else {
    let batch: string[][] = [];
    const flush = async () => {
      if (batch.length === 0) return;
      const rows = batch;
      batch = [];
      await db
        .insertInto("bench_bare" as never)
        .values(
          rows.map(
            ([
              isrcCode,
              upcCode,
              title,
              artist,
              store,
              country,
              month,
              quantity,
              amount,
              currency,
            ]) => ({
              isrc: isrcCode,
              upc: upcCode,
              title,
              artist,
              store,
              country,
              month,
              quantity: Number(quantity),
              amount,
              currency,
            }),
          ),
        )
        .execute();
    };
    // The app's parser (decision 123), rows taken as they come, paused while a batch is written.
    const parser = fs
      .createReadStream(file, "utf8")
      .pipe(Papa.parse(Papa.NODE_STREAM_INPUT, { delimiter: "\t" }));
    let header = true;
    await new Promise<void>((resolve, reject) => {
      parser.on("data", (record: string[]) => {
        if (header || (record.length === 1 && record[0] === "")) {
          header = false;
          return;
        }
        batch.push(record);
        if (batch.length === 500) {
          parser.pause();
          flush().then(() => parser.resume(), reject);
        }
      });
      parser.on("end", resolve);
      parser.on("error", reject);
    });
    await flush();
  }
  return (performance.now() - started) / 1000;
}

/** PostgreSQL's own bulk load: COPY FROM STDIN, the file streamed in. */
async function copyInto(database: Db, file: string): Promise<void> {
  const { default: pg } = await import("pg");
  const { from } = await import("pg-copy-streams");
  const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await client.connect();
  try {
    const schema = (await sql<{ s: string }>`select current_schema() as s`.execute(database.db))
      .rows[0]!.s;
    await client.query(`set search_path to ${schema}`);
    const stream = client.query(from("copy bench_bare from stdin with (format text, header true)"));
    await pipeline(fs.createReadStream(file), stream);
  } finally {
    await client.end();
  }
}

/** The 8 longest stalls, in the order they came, and how many there were. */
function longestStalls(stalls: { at: number; ms: number }[]): string {
  if (stalls.length === 0) return "none";
  const longest = [...stalls].sort((a, b) => b.ms - a.ms).slice(0, 8);
  const listed = longest
    .sort((a, b) => a.at - b.at)
    .map((s) => `${s.at.toFixed(1)} s: ${s.ms.toFixed(0)} ms`);
  return `${stalls.length}, the longest ${listed.join(", ")}`;
}

/** The app's import, end to end, as the CLI and the page drive it. */
async function app(database: Db, file: string) {
  const log = Fastify({ logger: { level: "error" } }).log;
  const service = new StatementService({
    database,
    events: new DomainEvents(log),
    log,
    defaultRoyaltyBasisPoints: 8500,
  });
  const open = () => Promise.resolve(fs.createReadStream(file));
  const size = fs.statSync(file).size;
  global.gc?.();
  const idle = process.memoryUsage().rss;
  let peak = idle;
  let atPeak = "";
  const delay = monitorEventLoopDelay({ resolution: 1 });
  delay.enable();
  const started = performance.now();
  const sampler = setInterval(() => {
    const m = process.memoryUsage();
    if (m.rss > peak) {
      peak = m.rss;
      // What the peak was made of: the JS heap (live and not yet collected) or the rest.
      atPeak = `at ${((performance.now() - started) / 1000).toFixed(1)} s, JS heap ${(m.heapUsed / 2 ** 20).toFixed(0)} MB used of ${(m.heapTotal / 2 ** 20).toFixed(0)} MB, external ${(m.external / 2 ** 20).toFixed(0)} MB, arrayBuffers ${(m.arrayBuffers / 2 ** 20).toFixed(0)} MB`;
    }
  }, 20);
  // The histogram gives the longest block; this says when each one over 50 ms came.
  const stalls: { at: number; ms: number }[] = [];
  let tick = started;
  const ticker = setInterval(() => {
    const now = performance.now();
    if (now - tick > 55) stalls.push({ at: (tick - started) / 1000, ms: now - tick - 5 });
    tick = now;
  }, 5);
  const created = await service.createStatement(
    { id: null, name: path.basename(file), ownerId: "cli" },
    open,
  );
  if (!created.ok) throw new Error(created.message);
  const proposed = await service.detail(created.id);
  const input = statementPreviewInputSchema.parse({
    mapping: proposed.mapping,
    store: null,
    saleMonth: null,
    currency: null,
    rates: { USD: "84.5" },
  });
  const t1 = performance.now();
  const collections = watchCollections();
  const survivors = process.env.HEAP_SAMPLE === "1" ? await sampleSurvivors() : null;
  await service.startPreview(created.id, input, { open, size });
  await until(service, created.id, "previewing");
  const t2 = performance.now();
  const collected = collections.stop();
  if (survivors)
    console.log(`  preview's allocations a full collection freed:\n${await survivors.stop()}`);
  await service.startImport(created.id, "cli");
  const done = await until(service, created.id, "importing");
  const t3 = performance.now();
  phases = `peak RSS ${atPeak}; stalls over 50 ms: ${longestStalls(stalls)}; created ${((t1 - started) / 1000).toFixed(1)} s · previewed ${((t2 - t1) / 1000).toFixed(1)} s · imported ${((t3 - t2) / 1000).toFixed(1)} s; preview's ${collected}`;
  const seconds = (performance.now() - started) / 1000;
  delay.disable();
  clearInterval(sampler);
  clearInterval(ticker);
  if (done.state !== "imported") throw new Error(`import ended ${done.state}: ${done.failure}`);
  const groups = await sql<{ n: number | string }>`
    select count(*) as n from statement_group where "statementId" = ${created.id}`.execute(
    database.db,
  );
  phases += ` · ${Number(groups.rows[0]!.n).toLocaleString("en")} groups`;
  // A second run imports the same file again: reversed first, as the page allows.
  await service.reverse(created.id, "cli");
  await service.idle();
  return { seconds, rssMb: (peak - idle) / 2 ** 20, blockMs: delay.max / 1e6, totals: done.totals };
}

/** Where the app's time went in its last run. */
let phases = "";

/** The statement once its job has finished (the job itself awaited: a 100 ms poll added up to a tenth of a second a phase). */
async function until(service: StatementService, id: string, state: string) {
  await service.idle();
  const detail = await service.detail(id);
  if (detail.state === state) throw new Error(`the statement is still ${state}`);
  return detail;
}

async function main() {
  const file = path.join(dir, "statement.tsv");
  const bytes = await writeStatement(file, 0);
  const database = await openTestDatabase(dir);
  await migrateToLatest(database);
  await seedTracks(database);
  console.log(
    `${database.dialect}: ${LINES.toLocaleString("en")} lines, ${(bytes / 2 ** 20).toFixed(0)} MB`,
  );
  const rows: string[] = [];
  for (let run = 1; run <= RUNS; run++) {
    const bareSeconds = await bare(database, file);
    const result = await app(database, file);
    const bareRate = LINES / bareSeconds;
    const appRate = LINES / result.seconds;
    rows.push(
      `run ${run}: bare ${Math.round(bareRate).toLocaleString("en")} rows/s · app ${Math.round(appRate).toLocaleString("en")} rows/s · ratio ${(appRate / bareRate).toFixed(2)}× · RSS +${result.rssMb.toFixed(0)} MB · longest block ${result.blockMs.toFixed(0)} ms`,
    );
    console.log(rows.at(-1));
    console.log(`  app: ${phases}`);
  }
  await database.close();
  await database.dropTestSchema?.();
  fs.rmSync(dir, { recursive: true, force: true });
}

await main();
