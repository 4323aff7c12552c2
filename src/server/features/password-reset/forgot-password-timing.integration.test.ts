import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ORIGIN, createTestApp, signUp, uniqueEmail, type TestApp } from "../../test/test-app";
import { RESET_REQUEST_JOB } from "./reset-requests";

/**
 * Issue 23, finding 3: forgot password must not tell known emails from
 * unknown ones by its answer's time (it was 23.8 ms against 7.4 ms). The
 * medians of 40 requests each must be within 20% of each other. Requests
 * alternate in a shuffled order, and each waits until the previous one's
 * queued work is done, so background work lands on neither side.
 */
const SAMPLES = 40;
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

/** One round: 40 of each in a shuffled order; answers the relative gap of the medians. */
async function round(): Promise<number> {
  const order = [...Array<boolean>(SAMPLES).fill(true), ...Array<boolean>(SAMPLES).fill(false)]
    .map((isKnown) => ({ isKnown, key: Math.random() }))
    .sort((a, b) => a.key - b.key);
  const times = { known: [] as number[], unknown: [] as number[] };
  for (const { isKnown } of order) {
    if (isKnown) times.known.push(await timed(known));
    else times.unknown.push(await timed(uniqueEmail("nobody")));
  }
  const k = median(times.known);
  const u = median(times.unknown);
  const spread = Math.abs(k - u) / Math.min(k, u);
  console.info(
    `forgot password: known median ${k.toFixed(2)} ms, unknown ${u.toFixed(2)} ms (${(spread * 100).toFixed(1)}%)`,
  );
  return spread;
}

describe("forgot password timing", () => {
  // A real difference (the old 3x) shows in every round; the shared 2-core
  // machine's noise does not. Up to three rounds: one within 20% passes.
  it("answers known and unknown emails in the same time (medians within 20%)", async () => {
    for (let i = 0; i < WARM_UP; i++) {
      await timed(known);
      await timed(uniqueEmail("warm"));
    }
    const spreads: number[] = [];
    for (let i = 0; i < 3 && !spreads.some((s) => s <= 0.2); i++) spreads.push(await round());
    expect(Math.min(...spreads)).toBeLessThanOrEqual(0.2);
  }, 180_000);
});
