/**
 * One instance's job worker as its own process, for the kill -9 test: the
 * pg-boss queue and the outbox on a PostgreSQL schema, sending to SMTP_URL.
 */
import Fastify from "fastify";
import { openDatabase } from "../db/database";
import { createPgBossQueue } from "../jobs/pg-boss-queue";
import { MailOutbox } from "../mail/mail-outbox";
import { createMailTransport } from "../mail/mail-transport";

const url = process.env.TEST_DATABASE_URL!;
const schema = process.env.OUTBOX_SCHEMA!;
const log = Fastify({ logger: false }).log;
const database = await openDatabase({ engine: "postgres", url, schema });
const outbox = new MailOutbox(
  database,
  createMailTransport({
    smtpUrl: process.env.SMTP_URL,
    from: "Portal <p@portal.test>",
    folder: "",
    log,
  }),
  createPgBossQueue({
    url,
    schema: `${schema}_jobs`,
    log,
    expireInSeconds: 3,
    maintenanceIntervalSeconds: 1,
    pollingIntervalSeconds: 0.5,
    sweepMs: 1000,
  }),
  log,
  { claimMs: Number(process.env.CLAIM_MS ?? 3000) },
);
// As in mail-outbox.integration.test.ts: the room id is the mail's number, the user id its address.
outbox.compose("unread-notice", ({ roomId: n, userId: to }) => {
  return Promise.resolve({
    to: { name: "Someone", address: to },
    subject: `Mail ${n}`,
    html: `<p>Mail ${n}</p>`,
    text: `Mail ${n}`,
  });
});
await outbox.start();
process.stdout.write("ready\n");
