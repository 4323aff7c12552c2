import type { AppContext } from "../../context";
import type { DomainEventMap } from "../../events/domain-events";
import type { MailJobMap, MailJobName } from "../../mail/mail-jobs";
import type { MailMessage } from "../../mail/mail-message";
import type { NoticeDeps } from "../notices/notice-deps";
import { artistContact, withdrawalById } from "./withdrawal-repository";

/** The outbox job that mails a withdrawal's step. */
export const WITHDRAWAL_STEP_JOB = "withdrawal-step" satisfies MailJobName;

/**
 * Each step of a withdrawal, mailed to its artist once (issue 47, section 4).
 * The step is recorded as an outbox job (one insert, keyed so a step is never
 * mailed twice) and rendered when the job runs: React Email's render is the
 * costliest part of a withdrawal, and the artist's request must not wait for it.
 */
export function registerWithdrawalNotices(ctx: NoticeDeps & Pick<AppContext, "events">): void {
  ctx.mail.compose(WITHDRAWAL_STEP_JOB, (payload) => composeWithdrawalStep(ctx, payload));
  ctx.events.on("withdrawal.changed", (event) => recordWithdrawalStep(ctx, event));
}

async function recordWithdrawalStep(
  ctx: NoticeDeps,
  event: DomainEventMap["withdrawal.changed"],
): Promise<void> {
  const { withdrawalId, state } = event;
  await ctx.mail.schedule(
    WITHDRAWAL_STEP_JOB,
    { withdrawalId, state },
    Date.now(),
    `withdrawal:${withdrawalId}:${state}`,
  );
}

/** The step's mail, from the withdrawal as it is now; nothing if it or its artist is gone. */
async function composeWithdrawalStep(
  ctx: NoticeDeps,
  { withdrawalId, state }: MailJobMap[typeof WITHDRAWAL_STEP_JOB],
): Promise<MailMessage | null> {
  const db = ctx.database.db;
  const row = await withdrawalById(db, withdrawalId);
  const artist = row ? await artistContact(db, row.artistId) : undefined;
  if (!row || !artist) return null;
  const { publicUrl } = ctx.config;
  // React Email loads on the first mail, not at start-up (docs/benchmarks.md).
  const { withdrawalMail } = await import("../../mail/templates/withdrawal-mail");
  return withdrawalMail({
    to: { name: artist.name, address: artist.email },
    step: state,
    amountPaise: row.amountPaise,
    tdsPaise: row.tdsPaise,
    netPaise: row.netPaise,
    reference: row.reference,
    failureReason: row.failureReason,
    walletUrl: `${publicUrl}/wallet`,
    publicUrl,
  });
}
