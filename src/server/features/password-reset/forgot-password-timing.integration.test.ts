import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ORIGIN, createTestApp, signUp, uniqueEmail, type TestApp } from "../../test/test-app";
import { RESET_REQUEST_JOB } from "./reset-requests";

/**
 * Issue 23, finding 3: forgot password must not tell known emails from
 * unknown ones by its answer's time (it was 23.8 ms against 7.4 ms). The
 * median ratio of 100 back-to-back pairs must be within 20% of 1. Each
 * request waits until the previous one's queued work is done, so background
 * work lands on neither side. (40 pairs under CI's load gave 31% and 22%
 * with either side the slower from one run to the next: too few for that
 * noise.)
 */
const SAMPLES = 100;
const WARM_UP = 5;
let t: TestApp;
let known: string;
beforeAll(async () => {
  t = await createTestApp();
  known = (await signUp(t.app)).email;
});
afterAll(() => t.close());

let address = 0;
async function timed(email: string): Promise<number> {
  address += 1;
  const started = performance.now();
  const answer = await t.app.inject({
    method: "POST",
    url: "/api/auth/forgot-password",
    headers: { origin: ORIGIN },
    payload: { email },
    // A requester of its own each time: the limit is per requester (3 an hour).
    remoteAddress: `10.${(address >> 16) & 255}.${(address >> 8) & 255}.${address & 255}`,
  });
  const ms = performance.now() - started;
  expect(answer.statusCode).toBe(200);
  await queueIdle();
  return ms;
}

/** Waits until the outbox is idle: no reset request, and no mail one made, is pending. */
async function queueIdle() {
  const db = t.app.ctx.database.db;
  for (let i = 0; i < 200; i++) {
    const pending = await db
      .selectFrom("mail_job")
      .select("id")
      .where("kind", "in", [RESET_REQUEST_JOB, "mail"])
      .where("status", "=", "pending")
      .executeTakeFirst();
    if (!pending) return;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error("outbox still busy after 2 s");
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length / 2;
  return (sorted[Math.floor(mid - 0.5)]! + sorted[Math.ceil(mid - 0.5)]!) / 2;
};

/**
 * One round: 100 pairs, a known and an unknown email back to back in a random
 * order; answers how far the median pair's ratio is from 1 (0.2: one side
 * 20% slower). Paired, a burst of load on the shared machine slows both
 * sides of the pairs it lands on; compared as two medians, it slowed
 * whichever side happened to run then (25–33% either way, on a slow host).
 */
async function round(): Promise<number> {
  const ratios: number[] = [];
  const pairs = { known: [] as number[], unknown: [] as number[] };
  for (let i = 0; i < SAMPLES; i++) {
    const unknownFirst = Math.random() < 0.5;
    const first = await timed(unknownFirst ? uniqueEmail("nobody") : known);
    const second = await timed(unknownFirst ? known : uniqueEmail("nobody"));
    const [k, u] = unknownFirst ? [second, first] : [first, second];
    pairs.known.push(k);
    pairs.unknown.push(u);
    ratios.push(k / u);
  }
  const ratio = median(ratios);
  const spread = Math.max(ratio, 1 / ratio) - 1;
  console.info(
    `forgot password: known median ${median(pairs.known).toFixed(2)} ms, unknown ${median(pairs.unknown).toFixed(2)} ms, ` +
      `median pair ratio ${ratio.toFixed(3)} (${(spread * 100).toFixed(1)}%)`,
  );
  return spread;
}

describe("forgot password timing", () => {
  // A real difference (the old 3x) shows in every round; the shared 2-core
  // machine's noise does not. Up to three rounds: one within 20% passes.
  it("answers known and unknown emails in the same time (within 20%)", async () => {
    for (let i = 0; i < WARM_UP; i++) {
      await timed(known);
      await timed(uniqueEmail("warm"));
    }
    const spreads: number[] = [];
    for (let i = 0; i < 3 && !spreads.some((s) => s <= 0.2); i++) spreads.push(await round());
    expect(Math.min(...spreads)).toBeLessThanOrEqual(0.2);
  }, 180_000);
});
