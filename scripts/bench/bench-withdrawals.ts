/**
 * Issue 47's withdrawal benchmark: ARTISTS artists (default 50), each with
 * a credited balance and payout details, press Withdraw at the same moment
 * (one POST /api/wallet/withdrawals each, all sent at once); their latency
 * against ARTISTS POSTs sent at once to a bare Fastify route taking a small
 * JSON body, alternated in one run (ROUNDS rounds, fresh artists each round:
 * one withdrawal in progress per artist). Target: the withdrawals' p99 at
 * most 3× the bare route's. After each round every artist's
 * GET /api/wallet must show the balance less the amount.
 *
 * The app is the real one on SQLite, or on PostgreSQL with
 * TEST_DATABASE_URL; the app, the bare route and the client share this
 * process. Sign-up and payout details (full-strength password hashing)
 * are not measured.
 *
 * Each round's setup mails (a security notice per artist's payout details)
 * and the previous round's step mails are sent before it is measured; the
 * withdrawals' own step mails are part of what is measured.
 *
 * Run: npm run bench:withdrawals; ARTISTS=50 ROUNDS=3 PORT=4332 (bare on PORT + 1);
 * PROFILE=1 writes a CPU profile of each round's withdrawals to /tmp/prof-withdrawals.
 */
import crypto from "node:crypto";
import fs from "node:fs";
import inspector from "node:inspector";
import os from "node:os";
import path from "node:path";
import Fastify from "fastify";
import { createUser } from "../../src/server/test/chat-test-helpers";
import { creditArtist, savePayoutDetails } from "../../src/server/test/withdrawal-fixtures";
import { createTestApp, ORIGIN } from "../../src/server/test/test-app";

const ARTISTS = Number(process.env.ARTISTS ?? 50);
const ROUNDS = Number(process.env.ROUNDS ?? 3);
const PORT = Number(process.env.PORT ?? 4332);
const CREDIT = 1_000_000; // Rs.10,000.00
const AMOUNT = 60_000; // Rs.600.00: over the minimum, under the TDS threshold
const PROFILE = process.env.PROFILE === "1";
const PROFILE_DIR = "/tmp/prof-withdrawals";

type App = Awaited<ReturnType<typeof createTestApp>>["app"];
type Artist = Awaited<ReturnType<typeof createUser>>;

const p99 = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * 0.99) - 1)]!;
};

/** Sends every request at once; each one's time to its answer (ms). */
async function together(send: (i: number) => Promise<Response>): Promise<number[]> {
  return Promise.all(
    Array.from({ length: ARTISTS }, async (_, i) => {
      const started = performance.now();
      const response = await send(i);
      await response.arrayBuffer();
      if (!response.ok) throw new Error(`request ${i}: ${response.status}`);
      return performance.now() - started;
    }),
  );
}

async function artists(app: App, round: number): Promise<Artist[]> {
  const made: Artist[] = [];
  for (let i = 0; i < ARTISTS; i++) {
    const artist = await createUser(app, `Bench ${round}-${i}`);
    await creditArtist(app, artist.id, CREDIT);
    await savePayoutDetails(app, artist, { upiId: `bench${round}x${i}@okaxis` });
    made.push(artist);
  }
  return made;
}

/**
 * Waits until the outbox has sent everything due: making the artists mails
 * each of them (the payout details' security notice), and the previous
 * round's withdrawals mail their step. Measured while those renders ran,
 * the bare route (same process) swung 20–170 ms and the withdrawals with it.
 */
async function mailSettled(app: App): Promise<void> {
  const until = Date.now() + 60_000;
  while ((await app.ctx.mail.pending()) > 0) {
    if (Date.now() > until) throw new Error("the outbox did not empty within 60 s");
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** PROFILE=1: a CPU profile of the withdrawal bursts only (setup left out), one file per round. */
async function profiled<T>(round: number, run: () => Promise<T>): Promise<T> {
  if (!PROFILE) return run();
  const session = new inspector.Session();
  session.connect();
  const post = (method: string, params?: object) =>
    new Promise<unknown>((resolve, reject) =>
      session.post(method, params, (err, result) => (err ? reject(err) : resolve(result))),
    );
  await post("Profiler.enable");
  await post("Profiler.setSamplingInterval", { interval: 100 });
  await post("Profiler.start");
  try {
    return await run();
  } finally {
    const { profile } = (await post("Profiler.stop")) as { profile: object };
    fs.mkdirSync(PROFILE_DIR, { recursive: true });
    fs.writeFileSync(path.join(PROFILE_DIR, `burst-${round}.cpuprofile`), JSON.stringify(profile));
    session.disconnect();
  }
}

async function main() {
  const t = await createTestApp({}, undefined, undefined, { PAYOUT_DETAILS_HOLD_HOURS: "0" });
  const bare = Fastify({ logger: false });
  bare.post("/bare", (request) => ({ ok: true, echo: request.body }));
  try {
    await t.app.listen({ port: PORT, host: "127.0.0.1" });
    await bare.listen({ port: PORT + 1, host: "127.0.0.1" });
    const base = `http://127.0.0.1:${PORT}`;
    console.log(`${t.app.ctx.database.dialect}, ${ARTISTS} artists at once`);
    const ratios: number[] = [];
    for (let round = 1; round <= ROUNDS; round++) {
      const group = await artists(t.app, round);
      await mailSettled(t.app);
      const load = os.loadavg()[0]!.toFixed(1);
      const body = (i: number) =>
        JSON.stringify({
          amountPaise: AMOUNT,
          idempotencyKey: `${round}-${i}-${crypto.randomUUID()}`,
        });
      const bareMs = await together((i) =>
        fetch(`http://127.0.0.1:${PORT + 1}/bare`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: body(i),
        }),
      );
      const appMs = await profiled(round, () =>
        together((i) =>
          fetch(`${base}/api/wallet/withdrawals`, {
            method: "POST",
            headers: {
              "content-type": "application/json",
              cookie: group[i]!.cookie,
              origin: ORIGIN,
            },
            body: body(i),
          }),
        ),
      );
      for (const artist of group) {
        const wallet = (await (
          await fetch(`${base}/api/wallet`, { headers: { cookie: artist.cookie } })
        ).json()) as { balancePaise: number };
        if (wallet.balancePaise !== CREDIT - AMOUNT) {
          throw new Error(`balance ${wallet.balancePaise}, expected ${CREDIT - AMOUNT}`);
        }
      }
      const ratio = p99(appMs) / p99(bareMs);
      ratios.push(ratio);
      console.log(
        `round ${round} (load ${load}): bare p99 ${p99(bareMs).toFixed(1)} ms · withdrawal p99 ${p99(appMs).toFixed(1)} ms (median ${[...appMs].sort((a, b) => a - b)[ARTISTS >> 1]!.toFixed(1)}) · ratio ${ratio.toFixed(2)}× · balances read back: ${ARTISTS} of ${ARTISTS} show Rs.${((CREDIT - AMOUNT) / 100).toFixed(2)}`,
      );
    }
    const sorted = [...ratios].sort((a, b) => a - b);
    console.log(
      `ratio p99 / bare p99: median ${sorted[sorted.length >> 1]!.toFixed(2)}× (${sorted[0]!.toFixed(2)}–${sorted.at(-1)!.toFixed(2)})`,
    );
  } finally {
    await bare.close();
    await t.close();
  }
}

await main();
