import { z } from "zod";
import { plainString } from "./plain-text";
import { withdrawalMessages as m } from "./withdrawal-messages";
import { WITHDRAWAL_STATES } from "./withdrawal-states";

export { WITHDRAWAL_STATE_LABELS, type WithdrawalState } from "./withdrawal-states";
export { WITHDRAWAL_STATES };

/** The header a client sends so a retry or a double press makes one withdrawal. */
export const IDEMPOTENCY_KEY_HEADER = "idempotency-key";
const idempotencyKeySchema = z
  .string()
  .trim()
  .min(8)
  .max(100)
  .regex(/^[A-Za-z0-9_-]+$/);

/** Whole paise: a positive safe integer (never a float). */
const amountPaiseSchema = z
  .number({ error: m.amount })
  .int({ error: m.amount })
  .positive({ error: m.amount })
  .max(Number.MAX_SAFE_INTEGER, { error: m.amount });

/** POST /api/wallet/withdrawals; the key may come as the Idempotency-Key header instead. */
export const withdrawalRequestSchema = z.strictObject({
  amountPaise: amountPaiseSchema,
  idempotencyKey: idempotencyKeySchema.optional(),
});
export type WithdrawalRequestInput = z.infer<typeof withdrawalRequestSchema>;

export const idempotencyHeadersSchema = z.looseObject({
  [IDEMPOTENCY_KEY_HEADER]: idempotencyKeySchema.optional(),
});

/** GET /api/wallet/withdrawals/preview?amountPaise= */
export const withdrawalPreviewQuerySchema = z.strictObject({
  // Digits only: `Number()` would also read "0x10", "1e3" and " 5 ".
  amountPaise: z
    .string({ error: m.amount })
    .regex(/^\d{1,16}$/, { error: m.amount })
    .transform(Number)
    .pipe(amountPaiseSchema),
});

/** GET /api/desk/payouts?view= */
export const payoutViewQuerySchema = z.strictObject({
  view: z.enum(WITHDRAWAL_STATES).default("requested"),
});

export const withdrawalIdParamsSchema = z.strictObject({ id: z.uuid() });

export const approveWithdrawalsSchema = z.strictObject({
  ids: z.array(z.uuid()).min(1, { error: m.noneSelected }).max(500),
});

export const markPaidSchema = z.strictObject({
  reference: plainString({ error: m.referenceRequired })
    .transform((s) => s.trim())
    .pipe(z.string().min(1, { error: m.referenceRequired }).max(64)),
});

export const markFailedSchema = z.strictObject({
  reason: plainString({ error: m.reasonRequired })
    .transform((s) => s.trim())
    .pipe(z.string().min(1, { error: m.reasonRequired }).max(500)),
});
