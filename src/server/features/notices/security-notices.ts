import type { Kysely } from "kysely";
import type { Database } from "../../db/schema";
import type { MailJobMap, MailJobName } from "../../mail/mail-jobs";
import type { RecordedJob } from "../../mail/mail-outbox";
import type { NoticeDeps } from "./notice-deps";
import { displayName } from "../../../shared/user";
import { greetingNamesOf } from "./notice-repository";

/** React Email loads on the first mail, not at start-up (docs/benchmarks.md). */
const securityTemplates = () => import("../../mail/templates/security-notice-mail");

/** The name to greet; the event carries ids and addresses only. */
async function nameOf(ctx: NoticeDeps, userId: string, fallback: string): Promise<string> {
  const row = await greetingNamesOf(ctx.database.db, userId);
  return row ? displayName(row) : fallback;
}

/** After a password change (Settings) or a reset (emailed link): a mail to the account. */
export async function notifyPasswordChanged(
  ctx: NoticeDeps,
  person: { userId: string; email: string },
  how: "changed" | "reset",
): Promise<void> {
  const { passwordChangedMail } = await securityTemplates();
  await ctx.mail.send(
    await passwordChangedMail({
      to: { name: await nameOf(ctx, person.userId, ""), address: person.email },
      at: Date.now(),
      how,
      publicUrl: ctx.config.publicUrl,
    }),
  );
}

/**
 * After an email change: the old address is told, with a link that undoes
 * the change; the new address is told it now signs in.
 */
export async function notifyEmailChanged(
  ctx: NoticeDeps,
  change: { userId: string; oldEmail: string; newEmail: string; undoUrl: string },
): Promise<void> {
  const { emailChangedMail, emailAddedMail } = await securityTemplates();
  const name = await nameOf(ctx, change.userId, "");
  const at = Date.now();
  const { publicUrl } = ctx.config;
  await ctx.mail.send(
    await emailChangedMail({
      to: { name, address: change.oldEmail },
      newEmail: change.newEmail,
      undoUrl: change.undoUrl,
      at,
      publicUrl,
    }),
  );
  await ctx.mail.send(
    await emailAddedMail({
      to: { name, address: change.newEmail },
      oldEmail: change.oldEmail,
      at,
      publicUrl,
    }),
  );
}

/** The outbox job of a payout details change's security notice. */
export const PAYOUT_DETAILS_CHANGED_JOB = "payout-details-changed" satisfies MailJobName;
export type PayoutDetailsChange = MailJobMap[typeof PAYOUT_DETAILS_CHANGED_JOB];

/** Records a change's notice in the change's transaction, and wakes it once that committed. */
export interface PayoutDetailsNotices {
  recordIn(trx: Kysely<Database>, change: PayoutDetailsChange): Promise<RecordedJob | null>;
  wake(job: RecordedJob | null): void;
}

/**
 * After payout details were saved: where withdrawals go now (masked) and
 * until when they wait. The notice is recorded in the very transaction that
 * saves the details (a transactional outbox, as a withdrawal's step, decision
 * 119), so a change that committed is always mailed to its owner, even when
 * the process dies a moment later: it is the owner's alarm against a
 * hijacked account. It is rendered when the job runs.
 */
export function payoutDetailsNotices(ctx: NoticeDeps): PayoutDetailsNotices {
  ctx.mail.compose(PAYOUT_DETAILS_CHANGED_JOB, async (change) => {
    const { payoutDetailsChangedMail } = await import("../../mail/templates/payout-details-mail");
    return payoutDetailsChangedMail({
      to: { name: await nameOf(ctx, change.userId, ""), address: change.email },
      at: change.at,
      destination: change.destination,
      pan: change.pan,
      heldUntil: change.heldUntil,
      publicUrl: ctx.config.publicUrl,
    });
  });
  return {
    async recordIn(trx, change) {
      const [job] = await ctx.mail.recordIn(trx, PAYOUT_DETAILS_CHANGED_JOB, [{ payload: change }]);
      return job ?? null;
    },
    wake: (job) => ctx.mail.wakeRecorded([job]),
  };
}
