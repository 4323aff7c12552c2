import type { Kysely } from "kysely";
import type { WithdrawalState } from "../../../shared/withdrawal-schemas";
import type { Database } from "../../db/schema";
import type { MailJobMap, MailJobName } from "../../mail/mail-jobs";
import type { MailMessage } from "../../mail/mail-message";
import type { RecordedJob } from "../../mail/mail-outbox";
import type { NoticeDeps } from "../notices/notice-deps";
import { artistContact, withdrawalById } from "./withdrawal-repository";

/** The outbox job that mails a withdrawal's step. */
export const WITHDRAWAL_STEP_JOB = "withdrawal-step" satisfies MailJobName;

/** A withdrawal's step, to mail to its artist. */
export interface WithdrawalStep {
  withdrawalId: string;
  state: WithdrawalState;
}

/**
 * Each step of a withdrawal, mailed to its artist once (issue 47, section 4).
 * The step's mail is recorded as an outbox job in the very transaction that
 * makes the step (keyed, so a step is never mailed twice): a step that
 * committed always has its mail, and one rolled back has none. It is
 * rendered when the job runs: React Email's render is the costliest part of
 * a withdrawal, and the artist's request must not wait for it.
 */
export interface WithdrawalStepMails {
  /** Records the steps' mails in `trx`; per step, what to wake after the commit (null: already recorded). */
  recordIn(
    trx: Kysely<Database>,
    steps: readonly WithdrawalStep[],
  ): Promise<(RecordedJob | null)[]>;
  /** Wakes the recorded mails once their transaction has committed. */
  wake(jobs: readonly (RecordedJob | null)[]): void;
}

export function withdrawalStepMails(ctx: NoticeDeps): WithdrawalStepMails {
  const { mail } = ctx;
  mail.compose(WITHDRAWAL_STEP_JOB, (payload) => composeWithdrawalStep(ctx, payload));
  return {
    recordIn: (trx, steps) =>
      mail.recordIn(
        trx,
        WITHDRAWAL_STEP_JOB,
        steps.map((step) => ({
          payload: { withdrawalId: step.withdrawalId, state: step.state },
          dedupeKey: `withdrawal:${step.withdrawalId}:${step.state}`,
        })),
      ),
    wake: (jobs) => mail.wakeRecorded(jobs),
  };
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
