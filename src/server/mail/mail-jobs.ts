import { z } from "zod";
import { WITHDRAWAL_STATES, type WithdrawalState } from "../../shared/withdrawal-states";
import type { MailMessage } from "./mail-message";

/**
 * Every kind of outbox job and what its payload holds, like the domain
 * events' DomainEventMap: a job is recorded with its kind's payload and
 * parsed again with the same schema when it starts (decision 095), so a row
 * written by an older release or by hand is refused, never cast.
 */
export interface MailJobMap {
  /** A rendered mail, sent as it is. */
  mail: MailMessage;
  /** A message may still be unread: decided and rendered when due. */
  "unread-notice": { roomId: string; userId: string };
  /** Someone asked for a reset link: the account is looked up when the job runs. */
  "reset-request": { email: string };
  /** A withdrawal took a step: read and rendered when the job runs, not in the request. */
  "withdrawal-step": { withdrawalId: string; state: WithdrawalState };
  /** Payout details were changed: the security notice, recorded with the change (masked values only). */
  "payout-details-changed": {
    userId: string;
    email: string;
    /** `UPI: pr•••@okaxis` or `Bank: ••••1234 · HDFC0001234`. */
    destination: string;
    /** `PAN: •••••1234F`, or null. */
    pan: string | null;
    heldUntil: number | null;
    at: number;
  };
}

export type MailJobName = keyof MailJobMap;
/** Jobs that a feature turns into a mail (or nothing) when due. */
export type ComposedJobName = Exclude<MailJobName, "mail">;

const line = z.string().max(2_000);
const mailMessageSchema = z.object({
  to: z.object({ name: line, address: z.string().min(3).max(320) }),
  subject: line,
  html: z.string(),
  text: z.string(),
  headers: z.record(line, line).optional(),
});

export const mailJobSchemas: { [K in MailJobName]: z.ZodType<MailJobMap[K]> } = {
  mail: mailMessageSchema,
  "unread-notice": z.object({ roomId: z.string().min(1), userId: z.string().min(1) }),
  "reset-request": z.object({ email: z.string().min(3).max(320) }),
  "withdrawal-step": z.object({
    withdrawalId: z.string().min(1).max(100),
    state: z.enum(WITHDRAWAL_STATES),
  }),
  "payout-details-changed": z.object({
    userId: z.string().min(1).max(100),
    email: z.string().min(3).max(320),
    destination: z.string().min(1).max(200),
    pan: z.string().min(1).max(50).nullable(),
    heldUntil: z.number().int().nullable(),
    at: z.number().int(),
  }),
};

/**
 * The order the engines take due jobs in, highest first (decision 095): a
 * rendered mail (a reset link someone waits for, a security notice) or a
 * payout details change's notice, then a
 * reset request (someone waits at the screen; the route ranks each below
 * this by how often its requester and address asked lately), then a
 * withdrawal's step (the wallet shows it live; the mail is the record), then
 * unread notices (already minutes late by design, a few seconds more change
 * nothing).
 */
export const MAIL_JOB_PRIORITY: { [K in MailJobName]: number } = {
  mail: 20,
  "payout-details-changed": 20,
  "reset-request": 10,
  "withdrawal-step": 5,
  "unread-notice": 0,
};

/** A reset link goes before every other mail: its reader is waiting for it. */
export const RESET_LINK_PRIORITY = 30;

export type ParsedJob = {
  [K in MailJobName]: { kind: K; payload: MailJobMap[K] };
}[MailJobName];

/** A row's kind and payload, checked; a reason a person can read when either is wrong. */
export function parseMailJob(
  kind: string,
  payload: string,
): { ok: true; job: ParsedJob } | { ok: false; reason: string } {
  if (!Object.hasOwn(mailJobSchemas, kind))
    return { ok: false, reason: `unknown job kind "${kind}"` };
  const name = kind as MailJobName;
  let json: unknown;
  try {
    json = JSON.parse(payload);
  } catch {
    return { ok: false, reason: `${name}: payload is not JSON` };
  }
  const parsed = mailJobSchemas[name].safeParse(json);
  if (!parsed.success) {
    return { ok: false, reason: `${name}: bad payload: ${z.prettifyError(parsed.error)}` };
  }
  return { ok: true, job: { kind: name, payload: parsed.data } as ParsedJob };
}
