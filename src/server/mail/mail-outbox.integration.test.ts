import Fastify from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  migrateToLatest,
  openDatabase,
  dropPostgresSchema,
  type DatabaseHandle,
} from "../db/database";
import { createInProcessQueue } from "../jobs/in-process-queue";
import { createPgBossQueue } from "../jobs/pg-boss-queue";
import { testDatabaseUrl } from "../test/test-app";
import { startSmtpTestServer, type SmtpTestServer } from "../test/smtp-test-server";
import { MailOutbox } from "./mail-outbox";
import { createMailTransport } from "./mail-transport";
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

/** Fastify's silent logger. */
const log = Fastify({ logger: false }).log;
let smtp: SmtpTestServer;

beforeAll(async () => {
  smtp = await startSmtpTestServer();
});
afterAll(async () => {
  await smtp.close();
});

const mail = (n: number, to = "someone@example.test") => ({
  to: { name: "Someone", address: to },
  subject: `Mail ${n}`,
  html: `<p>Mail ${n}</p>`,
  text: `Mail ${n}`,
});
const transport = () =>
  createMailTransport({
    smtpUrl: smtp.url,
    from: "Portal <no-reply@portal.test>",
    folder: "",
    log,
  });

describe("in-process outbox (SQLite)", () => {
  let database: DatabaseHandle;
  let dir: string;
  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "outbox-"));
    database = await openDatabase({ engine: "sqlite", file: path.join(dir, "db.sqlite") });
    await migrateToLatest(database);
  });
  afterAll(async () => {
    await database.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it("keeps mail while SMTP is down and sends each exactly once after it returns", async () => {
    const to = "outage@example.test";
    const outbox = new MailOutbox(database, transport(), createInProcessQueue(log, 200), log);
    await outbox.start();
    smtp.refuse();
    for (let i = 0; i < 5; i++) await outbox.send(mail(i, to));
    await expect.poll(() => smtp.refusedCount(), { timeout: 10_000 }).toBeGreaterThanOrEqual(5);
    expect(await outbox.pending()).toBe(5);
    // The server refuses before the outbox hears it and counts the attempt:
    // on a busy machine the last row's count may still be on its way.
    const attempted = async () =>
      (await database.db.selectFrom("mail_job").select("attempts").execute()).filter(
        (r) => r.attempts >= 1,
      ).length;
    await expect.poll(attempted, { timeout: 5_000 }).toBe(5);
    // A restart while SMTP is down loses nothing: a new outbox picks the rows up.
    await outbox.stop();
    const restarted = new MailOutbox(database, transport(), createInProcessQueue(log, 200), log);
    await restarted.start();
    smtp.accept();
    const received = await smtp.waitFor(smtp.to(to), 5, 20_000);
    expect(received.map((m) => m.parsed.subject).sort()).toEqual([
      "Mail 0",
      "Mail 1",
      "Mail 2",
      "Mail 3",
      "Mail 4",
    ]);
    await new Promise((r) => setTimeout(r, 1500));
    expect(smtp.mails.filter(smtp.to(to))).toHaveLength(5);
    expect(await restarted.pending()).toBe(0);
    await restarted.stop();
  });

  it("sends a job once when the engine hands it to two instances at once", async () => {
    const to = "twice@example.test";
    // Not started: the test plays the engine and runs the job on both itself.
    const first = new MailOutbox(database, transport(), createInProcessQueue(log, 200), log);
    const second = new MailOutbox(database, transport(), createInProcessQueue(log, 200), log);
    await first.send(mail(7, to));
    const { id } = await database.db
      .selectFrom("mail_job")
      .select("id")
      .where("status", "=", "pending")
      .executeTakeFirstOrThrow();
    smtp.hold(500); // the first send is still under way when the second starts
    await Promise.all([first.run(id), second.run(id)]);
    smtp.hold(0);
    expect(smtp.mails.filter(smtp.to(to))).toHaveLength(1);
    expect(await first.pending()).toBe(0);
    await Promise.all([first.stop(), second.stop()]);
  });
});

describe.skipIf(!testDatabaseUrl)("pg-boss outbox, two instances (PostgreSQL)", () => {
  const schema = `t_outbox_${Date.now()}`;
  const handles: DatabaseHandle[] = [];
  const outboxes: MailOutbox[] = [];
  afterAll(async () => {
    // Stopped before their schema goes, even after a failed test.
    await Promise.allSettled(outboxes.map((o) => o.stop()));
    for (const h of handles) await h.close();
    await dropPostgresSchema(testDatabaseUrl!, schema);
    await dropPostgresSchema(testDatabaseUrl!, `${schema}_jobs`);
  });

  /** Waits until `count` different mails reached `to`; answers every copy received. */
  async function distinctMailsTo(to: string, count: number, ms: number) {
    const subjects = () => smtp.mails.filter(smtp.to(to)).map((m) => m.parsed.subject ?? "");
    await expect.poll(() => new Set(subjects()).size, { timeout: ms }).toBe(count);
    return subjects();
  }

  async function instance(claimMs?: number) {
    const database = await openDatabase({ engine: "postgres", url: testDatabaseUrl!, schema });
    handles.push(database);
    await migrateToLatest(database);
    const queue = createPgBossQueue({
      url: testDatabaseUrl!,
      schema: `${schema}_jobs`,
      log,
      pollingIntervalSeconds: 0.5,
      sweepMs: 1000,
      // Short, so a killed instance's jobs come back within the test.
      expireInSeconds: 3,
      maintenanceIntervalSeconds: 1,
    });
    const outbox = new MailOutbox(database, transport(), queue, log, claimMs ? { claimMs } : {});
    outboxes.push(outbox);
    // The notice's payload carries the test's mail: its number and address.
    outbox.compose("unread-notice", ({ roomId, userId }) =>
      Promise.resolve(mail(Number(roomId), userId)),
    );
    return outbox;
  }

  it("sends 100 notices due at once exactly once across two instances", async () => {
    const a = await instance();
    const b = await instance();
    await a.start();
    await b.start();
    // A slow relay: 10 jobs in hand per instance, 4 sent at a time, 1.5 s
    // each, outlast the engine's 3 s expiry, so pg-boss hands jobs still in
    // hand to the other instance. The row's claim keeps each mail single.
    smtp.hold(1500);
    const due = Date.now() + 2000;
    // Recorded by both instances, half each, all due at the same moment.
    await Promise.all(
      Array.from({ length: 100 }, (_, n) =>
        (n % 2 ? a : b).schedule(
          "unread-notice",
          { roomId: String(n), userId: "hundred@example.test" },
          due,
          `hundred:${n}`,
        ),
      ),
    );
    await distinctMailsTo("hundred@example.test", 100, 90_000);
    smtp.hold(0);
    // Past the expiry and the engine's retry: a second copy would be here by now.
    await new Promise((r) => setTimeout(r, 4000));
    expect(smtp.mails.filter(smtp.to("hundred@example.test"))).toHaveLength(100);
    expect(await a.pending()).toBe(0);
    await Promise.all([a.stop(), b.stop()]);
  }, 150_000);

  it("loses no notice when an instance is killed -9 while it holds due notices", async () => {
    const to = "killed@example.test";
    // Claims as short as the engine's expiry, so the killed instance's lapse within the test.
    const recorder = await instance(3000); // records rows only; started after the kill
    smtp.hold(3000);
    const child = spawn(process.execPath, ["--import", "tsx", "src/server/test/outbox-worker.ts"], {
      env: { ...process.env, OUTBOX_SCHEMA: schema, SMTP_URL: smtp.url, CLAIM_MS: "3000" },
      stdio: ["ignore", "pipe", "inherit"],
    });
    await new Promise((resolve, reject) => {
      child.stdout.once("data", resolve);
      child.once("exit", reject);
    });
    const due = Date.now();
    for (let n = 0; n < 20; n++) {
      await recorder.schedule(
        "unread-notice",
        { roomId: String(n), userId: to },
        due,
        `killed:${n}`,
      );
    }
    // Wait until the doomed instance holds jobs mid-send, then kill it without warning.
    const jobs = handles[0]!.db.withSchema(`${schema}_jobs`);
    await expect
      .poll(
        async () =>
          (
            await jobs
              .selectFrom("job" as never)
              .select((eb) => eb.fn.countAll<number>().as("n"))
              .where("state" as never, "=", "active" as never)
              .where("name" as never, "=", "mail-outbox" as never)
              .executeTakeFirstOrThrow()
          ).n,
        { timeout: 20_000 },
      )
      .toBeGreaterThan(0);
    child.kill("SIGKILL");
    await new Promise((resolve) => child.once("exit", resolve));
    smtp.hold(0);
    await recorder.start();
    const copies = await distinctMailsTo(to, 20, 60_000);
    // A mail the relay took from the killed instance just before the kill is
    // sent again (SMTP cannot tell it was delivered): at most the 10 it held.
    expect(copies.length - 20).toBeLessThanOrEqual(10);
    await expect.poll(() => recorder.pending(), { timeout: 20_000 }).toBe(0);
    await recorder.stop();
  }, 120_000);
});
