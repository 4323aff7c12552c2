import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dropPostgresSchema, migrateToLatest, type DatabaseHandle } from "../db/database";
import { createInProcessQueue } from "../jobs/in-process-queue";
import { createPgBossQueue } from "../jobs/pg-boss-queue";
import { openTestDatabase, testDatabaseUrl } from "../test/test-app";
import { startSmtpTestServer, type SmtpTestServer } from "../test/smtp-test-server";
import type { MailJobName } from "./mail-jobs";
import { MailOutbox } from "./mail-outbox";
import { createMailTransport } from "./mail-transport";

/**
 * Issue 42, item 6d: a job's payload is parsed when the job starts, not
 * cast. A row no schema accepts (written by an older release, or by hand) is
 * logged and marked skipped with the reason, once; the worker goes on with
 * the next job. On the engine of the database under test (pg-boss on
 * PostgreSQL, in-process on SQLite).
 */
let smtp: SmtpTestServer;
let database: DatabaseHandle & { dropTestSchema?: () => Promise<void> };
let dir: string;
let outbox: MailOutbox;
const logged: { level: number; msg: string; id?: string; reason?: string }[] = [];

beforeAll(async () => {
  smtp = await startSmtpTestServer();
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "payloads-"));
  database = await openTestDatabase(dir);
  await migrateToLatest(database);
  const log = pino(
    { level: "info" },
    { write: (line: string) => void logged.push(JSON.parse(line)) },
  );
  const queue = testDatabaseUrl
    ? createPgBossQueue({
        url: testDatabaseUrl,
        schema: `${database.schema}_jobs`,
        log,
        pollingIntervalSeconds: 0.5,
        sweepMs: 60_000,
      })
    : createInProcessQueue(log, 200);
  const transport = createMailTransport({
    smtpUrl: smtp.url,
    from: "Portal <no-reply@portal.test>",
    folder: "",
    log,
  });
  outbox = new MailOutbox(database, transport, queue, log);
  outbox.compose("reset-request", ({ email }) =>
    Promise.resolve({ to: { name: "", address: email }, subject: "Reset", html: "", text: "x" }),
  );
  await outbox.start();
}, 60_000);
afterAll(async () => {
  await outbox.stop();
  await database.close();
  await database.dropTestSchema?.();
  if (testDatabaseUrl) await dropPostgresSchema(testDatabaseUrl, `${database.schema}_jobs`);
  fs.rmSync(dir, { recursive: true, force: true });
  await smtp.close();
});

/** Writes a row as an older release or a hand-made insert would, and tells the engine. */
async function recordRaw(kind: string, payload: string): Promise<string> {
  const id = crypto.randomUUID();
  const now = Date.now();
  await database.db
    .insertInto("mail_job")
    .values({
      id,
      kind: kind as MailJobName,
      payload,
      status: "pending",
      priority: 0,
      runAt: now,
      attempts: 0,
      dedupeKey: null,
      createdAt: now,
    })
    .execute();
  await outbox.queue.notify(id, now, 0);
  return id;
}

const rowOf = (id: string) =>
  database.db
    .selectFrom("mail_job")
    .select(["status", "lastError", "attempts"])
    .where("id", "=", id)
    .executeTakeFirstOrThrow();

describe(`mail job payloads (${testDatabaseUrl ? "pg-boss" : "in-process"})`, () => {
  it("drops and logs a job whose payload is wrong, and runs the next one", async () => {
    const bad = {
      wrongField: await recordRaw("reset-request", JSON.stringify({ mail: "a@example.test" })),
      notJson: await recordRaw("reset-request", "{not json"),
      halfAMail: await recordRaw("mail", JSON.stringify({ to: "someone@example.test" })),
      unknownKind: await recordRaw("fax", JSON.stringify({ to: "someone@example.test" })),
    };
    const to = "after-the-bad-ones@example.test";
    await recordRaw("reset-request", JSON.stringify({ email: to }));
    await smtp.waitFor(smtp.to(to), 1, 20_000);

    for (const [what, id] of Object.entries(bad)) {
      await expect.poll(async () => (await rowOf(id)).status, { timeout: 10_000 }).toBe("skipped");
      const row = await rowOf(id);
      // Dropped at once with the reason, never retried.
      expect(row.attempts, what).toBe(0);
      expect(row.lastError, what).toMatch(/bad payload|not JSON|unknown job kind/);
      const entry = logged.find((l) => l.id === id && l.msg === "mail job dropped");
      expect(entry, what).toMatchObject({ level: 50, reason: row.lastError });
    }
    expect(await rowOf(bad.wrongField)).toMatchObject({
      lastError: expect.stringContaining("email") as unknown,
    });
    expect(smtp.mails.filter(smtp.to("someone@example.test"))).toHaveLength(0);
  }, 60_000);
});

describe("a burst of notices", () => {
  it("is recorded in one write, each key once: a repeated key in the same burst answers false", async () => {
    const later = Date.now() + 3_600_000;
    const schedule = (email: string, key: string) =>
      outbox.schedule("reset-request", { email }, later, key);
    const answers = await Promise.all([
      schedule("one@burst.test", "burst:one"),
      schedule("two@burst.test", "burst:two"),
      schedule("one@burst.test", "burst:one"),
      schedule("three@burst.test", "burst:three"),
    ]);
    expect(answers).toEqual([true, true, false, true]);
    const rows = await database.db
      .selectFrom("mail_job")
      .select(["dedupeKey", "payload"])
      .where("dedupeKey", "like", "burst:%")
      .orderBy("dedupeKey")
      .execute();
    expect(rows.map((r) => [r.dedupeKey, JSON.parse(r.payload) as unknown])).toEqual([
      ["burst:one", { email: "one@burst.test" }],
      ["burst:three", { email: "three@burst.test" }],
      ["burst:two", { email: "two@burst.test" }],
    ]);
  });
});
