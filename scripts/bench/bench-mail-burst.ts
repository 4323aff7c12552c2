/**
 * Mail burst benchmark (not a CI test): `npm run bench:mail-burst`.
 *
 * Issue 42, item 2: the job engine must drain a burst of due jobs within
 * 10 s on PostgreSQL (pg-boss) as on SQLite (in-process), to a real SMTP
 * server on loopback. One run: a fresh app (the real routes, outbox, engine
 * and SMTP transport), then, as fast as they can be recorded, JOBS due jobs:
 * half forgot-password requests through the route (one in ten for an
 * address with an account, so it becomes a reset mail too), a quarter
 * unread notices due now (each room has unread messages: a real mail), a
 * quarter song status mails (rendered and recorded as notifySongStatus
 * does). Measured: from the first request to the last mail received with
 * nothing left pending. Also the reset mail of one more address asked last,
 * from its own IP, while the burst drains (the 5 s target).
 *
 * Env: RUNS (3), JOBS (200), BENCH_DATABASE_URL or TEST_DATABASE_URL (adds
 * the PostgreSQL runs), ENGINES ("sqlite,postgres").
 */
import os from "node:os";
import { dropPostgresSchema } from "../../src/server/db/database";
import { seedMessages, createUser, type TestUser } from "../../src/server/test/chat-test-helpers";
import { PASSWORD_RESET_SUBJECT } from "../../src/server/mail/templates/password-reset-mail";
import { songStatusMail } from "../../src/server/mail/templates/song-status-mail";
import { chatRoomId } from "../../src/shared/chat";
import { ORIGIN, createTestApp, uniqueEmail } from "../../src/server/test/test-app";
import { startSmtpTestServer } from "../../src/server/test/smtp-test-server";

const RUNS = Number(process.env.RUNS ?? 3);
const JOBS = Number(process.env.JOBS ?? 200);
const PG_URL = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
const ENGINES = (process.env.ENGINES ?? "sqlite,postgres")
  .split(",")
  .filter((e) => e === "sqlite" || (e === "postgres" && PG_URL));
const TARGET_MS = 10_000;

const resets = Math.round(JOBS / 2);
const notices = Math.round(JOBS / 4);
const statusMails = JOBS - resets - notices;
const knownResets = Math.round(resets / 10);
/** Agents and artists: every artist has a room with each agent, one notice per room. */
const AGENTS = 5;
const ARTISTS = Math.ceil(notices / AGENTS);

async function oneRun(engine: string) {
  const smtp = await startSmtpTestServer();
  // With DATABASE_URL the app runs pg-boss, as in production; the tables go
  // in a fresh schema (test-app.ts), pg-boss's beside it.
  const t = await createTestApp({}, undefined, undefined, {
    SMTP_URL: smtp.url,
    MAIL_FROM: "Portal <no-reply@portal.test>",
    ...(engine === "postgres" ? { DATABASE_URL: PG_URL! } : {}),
  });
  const { db } = t.app.ctx.database;
  const agents: TestUser[] = [];
  for (let i = 0; i < AGENTS; i++) agents.push(await createUser(t.app, `Agent ${i}`, true));
  const artists: TestUser[] = [];
  for (let i = 0; i < ARTISTS; i++) artists.push(await createUser(t.app, `Artist ${i}`));
  const rooms: { roomId: string; userId: string }[] = [];
  for (const artist of artists) {
    for (const agent of agents) {
      if (rooms.length === notices) break;
      const opened = await t.app.inject({
        method: "PUT",
        url: `/api/chat/rooms/with/${agent.id}`,
        headers: { cookie: artist.cookie, origin: ORIGIN },
      });
      if (opened.statusCode !== 200) throw new Error(`room: ${opened.body}`);
      const roomId = chatRoomId(artist.id, agent.id);
      await seedMessages(db, roomId, [agent.id, agent.id], 3);
      rooms.push({ roomId, userId: artist.id });
    }
  }
  const statusMessages = await Promise.all(
    Array.from({ length: statusMails }, (_, i) =>
      songStatusMail({
        to: { name: "Artist", address: artists[i % artists.length]!.email },
        title: `Song ${i}`,
        toStatus: "approved",
        reasonCode: null,
        note: "",
        agentName: "Agent",
        songUrl: "http://localhost:3000/song/x",
        settingsUrl: "http://localhost:3000/settings",
        publicUrl: "http://localhost:3000",
      }),
    ),
  );
  const resetAddresses = Array.from({ length: resets }, (_, i) =>
    i < knownResets ? artists[i % artists.length]!.email : uniqueEmail("burst"),
  );
  const forgot = (email: string, ip: string) =>
    t.app.inject({
      method: "POST",
      url: "/api/auth/forgot-password",
      headers: { origin: ORIGIN },
      payload: { email },
      remoteAddress: ip,
    });
  const lastAsker = artists.at(-1)!.email;
  const expectedMails = smtp.mails.length + knownResets + notices + statusMails + 1;

  const started = performance.now();
  await Promise.all([
    ...resetAddresses.map((email, i) => forgot(email, `203.0.113.${i % 8}`)),
    ...rooms.map((p) =>
      t.app.ctx.mail.schedule("unread-notice", p, Date.now(), `unread:${p.roomId}:${p.userId}`),
    ),
    ...statusMessages.map((m) => t.app.ctx.mail.send(m)),
  ]);
  const recorded = performance.now() - started;
  const asked = performance.now();
  await forgot(lastAsker, "198.51.100.42");
  await smtp.waitFor(
    (m) => m.rcptTo.includes(lastAsker) && m.parsed.subject === PASSWORD_RESET_SUBJECT,
    1,
    60_000,
  );
  const resetMs = performance.now() - asked;
  await smtp.waitFor(() => true, expectedMails, 120_000);
  // Every mail is in; a job still pending after that (one rescheduled after a
  // failed send, say) is named and the run fails, instead of waiting forever.
  const drainDeadline = performance.now() + 30_000;
  let pending = await t.app.ctx.mail.pending();
  while (pending > 0 && performance.now() < drainDeadline) {
    await new Promise((r) => setTimeout(r, 20));
    pending = await t.app.ctx.mail.pending();
  }
  if (pending > 0) throw new Error(`${pending} mail job(s) still pending 30 s after the last mail`);
  const drainedMs = performance.now() - started;
  const mails = smtp.mails.length - (expectedMails - (knownResets + notices + statusMails + 1));
  const schema = t.app.ctx.database.schema;
  await t.close();
  if (engine === "postgres" && schema) await dropPostgresSchema(PG_URL!, `${schema}_jobs`);
  await smtp.close();
  return { recorded, resetMs, drainedMs, mails };
}

const summary = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const median = (s[Math.floor((s.length - 1) / 2)]! + s[Math.ceil((s.length - 1) / 2)]!) / 2;
  return `median ${median.toFixed(0)} ms (min ${s[0]!.toFixed(0)}, max ${s.at(-1)!.toFixed(0)})`;
};

console.log(
  `${JOBS} due jobs: ${resets} forgot-password requests (${knownResets} for accounts), ` +
    `${notices} unread notices, ${statusMails} status mails; ${RUNS} runs; ` +
    `host: ${os.cpus().length} cores, load ${os.loadavg()[0]!.toFixed(1)}, Node ${process.version}`,
);
let failed = false;
for (const engine of ENGINES) {
  const runs = [];
  for (let i = 0; i < RUNS; i++) {
    const run = await oneRun(engine);
    console.log(
      `  ${engine} run ${i + 1}: recorded in ${run.recorded.toFixed(0)} ms, drained in ${run.drainedMs.toFixed(0)} ms ` +
        `(${run.mails} mails), last asker's reset mail after ${run.resetMs.toFixed(0)} ms`,
    );
    runs.push(run);
  }
  const drained = runs.map((r) => r.drainedMs);
  console.log(
    `${engine}: drained ${summary(drained)}; reset mail ${summary(runs.map((r) => r.resetMs))}`,
  );
  if (Math.max(...drained) > TARGET_MS) failed = true;
}
console.log(`load after: ${os.loadavg()[0]!.toFixed(1)}`);
process.exitCode = failed ? 1 : 0;
