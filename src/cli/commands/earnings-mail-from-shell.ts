import path from "node:path";
import type { FastifyBaseLogger } from "fastify";
import type { DomainEvents } from "../../server/events/domain-events";
import { notifyEarnings } from "../../server/features/wallet/earnings-notices";
import type { JobQueue } from "../../server/jobs/job-queue";
import { MailOutbox } from "../../server/mail/mail-outbox";
import { createMailTransport } from "../../server/mail/mail-transport";
import type { CliContext } from "../cli-context";

/**
 * A queue that only records: the shell has no job engine, and the running
 * server's engine finds every due mail row on its sweep (within a second on
 * the embedded default), so a statement imported from a shell mails its
 * artists like one imported on the page.
 */
const sweptByTheServer: JobQueue = {
  engine: "in-process",
  start: () => Promise.resolve(),
  notify: () => Promise.resolve(),
  stop: () => Promise.resolve(),
};

/** How long a finished import may take to announce its posting. */
const ANNOUNCE_WAIT_MS = 30_000;

/**
 * Records each credited artist's earnings email when a statement posts.
 * Answers a function to await once the statement shows as imported: it
 * resolves when that statement's announcement has been heard and its mails
 * recorded (the job announces just after its commit, so a little later).
 */
export function recordEarningsMails(
  ctx: CliContext,
  events: DomainEvents,
  log: FastifyBaseLogger,
): (statementId: string) => Promise<void> {
  const mail = new MailOutbox(
    ctx.database,
    createMailTransport({
      smtpUrl: ctx.config.mail.smtpUrl,
      from: ctx.config.mail.from,
      folder: path.join(ctx.config.dataDir, "mail"),
      log,
    }),
    sweptByTheServer,
    log,
  );
  const recorded = new Map<string, { promise: Promise<void>; resolve: () => void }>();
  const of = (statementId: string) => {
    let known = recorded.get(statementId);
    if (!known) {
      let resolve = () => {};
      const promise = new Promise<void>((r) => (resolve = r));
      known = { promise, resolve };
      recorded.set(statementId, known);
    }
    return known;
  };
  events.on("ledger.posted", async (event) => {
    if (event.kind !== "statement") return;
    const done = of(event.statementId);
    try {
      await notifyEarnings({ database: ctx.database, config: ctx.config, mail }, event);
    } finally {
      done.resolve();
    }
  });
  return async (statementId) => {
    const timeout = setTimeout(() => of(statementId).resolve(), ANNOUNCE_WAIT_MS);
    await of(statementId).promise;
    clearTimeout(timeout);
    mail.transport.close();
  };
}
