/**
 * Issue 46's wallet benchmark: an artist with 100,000 ledger entries (10
 * imported statements of 10,000 groups each: 40 tracks, 7 stores, 60
 * countries, the last 12 sale months) asks for the wallet summary
 * (GET /api/wallet) and the earnings breakdown (GET /api/wallet/earnings,
 * last 12 months), against a bare Fastify route answering a small JSON, in
 * one run: each round measures bare, summary and earnings in turn with
 * autocannon (CONNECTIONS connections, SECONDS each), ROUNDS rounds give the
 * median and the spread. Target: each ≥ 0.3× the bare route's requests/s.
 *
 * The app is the real one (routes, sessions, the ledger) on SQLite, or on
 * PostgreSQL with TEST_DATABASE_URL (a fresh schema); the app, the bare
 * route and autocannon share this process, as they share the 2 cores.
 * Sign-up (full-strength password hashing) is not measured.
 *
 * Run: npm run bench:wallet [-- ENTRIES] (default 100,000);
 *   SECONDS=5 CONNECTIONS=10 ROUNDS=3 PORT=4330 (the bare route on PORT + 1);
 *   LOADS=summary or LOADS=earnings measures one of the two (a profile of one).
 */
import crypto from "node:crypto";
import os from "node:os";
import autocannon from "autocannon";
import Fastify from "fastify";
import { sql } from "kysely";
import { postStatementImport } from "../../src/server/features/ledger/ledger-service";
import { createUser } from "../../src/server/test/chat-test-helpers";
import { insertApprovedRelease } from "../../src/server/test/ledger-fixtures";
import { createTestApp } from "../../src/server/test/test-app";

const ENTRIES = Number(process.argv[2] ?? 100_000);
const STATEMENTS = 10;
const SECONDS = Number(process.env.SECONDS ?? 5);
const CONNECTIONS = Number(process.env.CONNECTIONS ?? 10);
const ROUNDS = Number(process.env.ROUNDS ?? 3);
const PORT = Number(process.env.PORT ?? 4330);
const LOADS = (process.env.LOADS ?? "summary,earnings").split(",");
const STORES = ["Spotify", "Apple Music", "YouTube Music", "Amazon Music", "JioSaavn", "Gaana"];
const COUNTRIES = Array.from({ length: 60 }, (_, i) =>
  String.fromCharCode(65 + (i % 26), 65 + Math.floor(i / 26)),
);

/** The last 12 sale months, newest first ("2026-11", …). */
function recentMonths(): string[] {
  const now = new Date();
  return Array.from({ length: 12 }, (_, i) => {
    const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1 - i, 1));
    return `${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, "0")}`;
  });
}

type App = Awaited<ReturnType<typeof createTestApp>>["app"];

/** STATEMENTS imported statements whose groups credit the artist ENTRIES entries in all. */
async function seed(app: App, artistId: string): Promise<void> {
  const { db } = app.ctx.database;
  const tracks = Array.from({ length: 40 }, (_, i) => ({
    title: `Bench Track ${i}`,
    isrc: `INB1C26${String(i).padStart(5, "0")}`,
  }));
  const { releaseId, trackIds } = await insertApprovedRelease(db, artistId, "Bench", tracks);
  const months = recentMonths();
  const perStatement = Math.ceil(ENTRIES / STATEMENTS);
  for (let s = 0; s < STATEMENTS; s++) {
    await db.transaction().execute(async (trx) => {
      const statementId = crypto.randomUUID();
      const hash = crypto.randomUUID();
      const at = Date.now() - (STATEMENTS - s) * 86_400_000;
      await trx
        .insertInto("statement")
        .values({
          id: statementId,
          fileName: `bench-${s}.tsv`,
          fileSha256: hash,
          state: "imported",
          activeHash: hash,
          createdBy: "bench",
          createdAt: at,
          importedAt: at,
        })
        .execute();
      for (let i = 0; i < perStatement; i += 500) {
        const rows = Array.from({ length: Math.min(500, perStatement - i) }, (_, j) => {
          const n = s * perStatement + i + j;
          return {
            statementId,
            code: tracks[n % tracks.length]!.isrc,
            codeKind: "isrc",
            trackId: trackIds[n % trackIds.length]!,
            releaseId,
            artistId,
            store: STORES[n % STORES.length]!,
            country: COUNTRIES[Math.floor(n / 7) % COUNTRIES.length]!,
            saleMonth: months[Math.floor(n / 420) % months.length]!,
            quantity: 1 + (n % 900),
            lineCount: 1,
            amountPaise: 100 + (n % 5000),
            artistPaise: 85 + (n % 4250),
            labelPaise: 15 + (n % 5000) - (n % 4250),
          };
        });
        await trx.insertInto("statement_group").values(rows).execute();
      }
      await postStatementImport(trx, { statementId, by: null, now: at });
    });
  }
  const count = await sql<{ n: number | string }>`select count(*) as n from ledger_entry
    where "accountId" = ${`artist:${artistId}`}`.execute(db);
  console.log(`seeded ${Number(count.rows[0]!.n).toLocaleString("en")} entries of the artist`);
}

async function load(url: string, cookie?: string): Promise<number> {
  const result = await autocannon({
    url,
    connections: CONNECTIONS,
    duration: SECONDS,
    ...(cookie ? { headers: { cookie } } : {}),
  });
  if (result.non2xx > 0 || result.errors > 0) {
    throw new Error(`${url}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  }
  return result.requests.average;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1]!;
const spread = (values: number[]) =>
  `${Math.round(median(values)).toLocaleString("en")} (${Math.round(Math.min(...values)).toLocaleString("en")}–${Math.round(Math.max(...values)).toLocaleString("en")})`;

async function main() {
  const t = await createTestApp();
  const bare = Fastify({ logger: false });
  bare.get("/bare", () => ({ ok: true, balancePaise: 12345 }));
  try {
    const artist = await createUser(t.app, "Bench Artist");
    await seed(t.app, artist.id);
    await t.app.listen({ port: PORT, host: "127.0.0.1" });
    await bare.listen({ port: PORT + 1, host: "127.0.0.1" });
    const base = `http://127.0.0.1:${PORT}`;
    console.log(`${t.app.ctx.database.dialect}, load average ${os.loadavg()[0]!.toFixed(1)}`);
    const rates = { bare: [] as number[], summary: [] as number[], earnings: [] as number[] };
    const ratios = { summary: [] as number[], earnings: [] as number[] };
    for (let round = 1; round <= ROUNDS; round++) {
      const b = await load(`http://127.0.0.1:${PORT + 1}/bare`);
      const s = LOADS.includes("summary") ? await load(`${base}/api/wallet`, artist.cookie) : 0;
      const e = LOADS.includes("earnings")
        ? await load(`${base}/api/wallet/earnings?period=last12`, artist.cookie)
        : 0;
      rates.bare.push(b);
      rates.summary.push(s);
      rates.earnings.push(e);
      ratios.summary.push(s / b);
      ratios.earnings.push(e / b);
      console.log(
        `round ${round}: bare ${Math.round(b)} req/s · summary ${Math.round(s)} (${(s / b).toFixed(3)}×) · earnings ${Math.round(e)} (${(e / b).toFixed(3)}×)`,
      );
    }
    console.log(`bare req/s: ${spread(rates.bare)}`);
    console.log(
      `summary req/s: ${spread(rates.summary)}; ratio ${median(ratios.summary).toFixed(3)}× (${Math.min(...ratios.summary).toFixed(3)}–${Math.max(...ratios.summary).toFixed(3)})`,
    );
    console.log(
      `earnings req/s: ${spread(rates.earnings)}; ratio ${median(ratios.earnings).toFixed(3)}× (${Math.min(...ratios.earnings).toFixed(3)}–${Math.max(...ratios.earnings).toFixed(3)})`,
    );
  } finally {
    await bare.close();
    await t.close();
  }
}

await main();
