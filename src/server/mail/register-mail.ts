import path from "node:path";
import type { FastifyInstance } from "fastify";
import type { AppDeps } from "../context";
import { createJobQueue } from "../jobs/create-job-queue";
import { MailOutbox } from "./mail-outbox";
import { createMailTransport } from "./mail-transport";

/** The mail layer: transport and job engine by configuration, started with the app. */
export function registerMail(
  app: FastifyInstance,
  deps: Pick<AppDeps, "config" | "database" | "mailTransport" | "jobQueue">,
): MailOutbox {
  const { config, database } = deps;
  const transport =
    deps.mailTransport ??
    createMailTransport({
      smtpUrl: config.mail.smtpUrl,
      from: config.mail.from,
      folder: path.join(config.dataDir, "mail"),
      log: app.log,
    });
  const queue = deps.jobQueue ?? createJobQueue(database, config.databaseUrl, app.log);
  const outbox = new MailOutbox(database, transport, queue, app.log);
  // Jobs start once every feature registered its composers, and stop before the database closes.
  app.addHook("onReady", async () => {
    await outbox.start();
  });
  app.addHook("onClose", async () => {
    await outbox.stop();
  });
  return outbox;
}
