import { z } from "zod";
import { WITHDRAWAL_STATES } from "../withdrawal-schemas";

const paise = z.number().int();

/** One withdrawal as its artist sees it. */
export const withdrawalSchema = z.object({
  id: z.string(),
  state: z.enum(WITHDRAWAL_STATES),
  amountPaise: paise,
  tdsPaise: paise,
  netPaise: paise,
  tdsRatePercent: z.number(),
  /** "2026-27" */
  financialYear: z.string(),
  reference: z.string().nullable(),
  failureReason: z.string().nullable(),
  requestedAt: z.number(),
  approvedAt: z.number().nullable(),
  paidAt: z.number().nullable(),
  failedAt: z.number().nullable(),
});
export type Withdrawal = z.infer<typeof withdrawalSchema>;

/** GET /api/wallet/withdrawals: the list and what the Withdraw dialog needs. */
export const withdrawalListSchema = z.object({
  items: z.array(withdrawalSchema),
  balancePaise: paise,
  minimumPaise: paise,
  /** Why withdrawing is closed now (no details, a hold, one in progress, a negative balance); null: open. */
  closedReason: z.string().nullable(),
});
export type WithdrawalList = z.infer<typeof withdrawalListSchema>;

/** GET /api/wallet/withdrawals/preview */
export const withdrawalPreviewSchema = z.object({
  amountPaise: paise,
  tdsPaise: paise,
  netPaise: paise,
  tdsRatePercent: z.number(),
  /** `Amount Rs.X · TDS (10%) Rs.Y · You receive Rs.Z` */
  line: z.string(),
  /** The refusal a request of this amount would meet now; null: it would be accepted. */
  refusal: z.string().nullable(),
});
export type WithdrawalPreview = z.infer<typeof withdrawalPreviewSchema>;

/** GET /api/wallet/tax: per financial year, newest first. */
export const taxSummarySchema = z.object({
  pan: z.string().nullable(),
  years: z.array(
    z.object({
      label: z.string(),
      withdrawnPaise: paise,
      tdsPaise: paise,
      paidOutPaise: paise,
    }),
  ),
});
export type TaxSummary = z.infer<typeof taxSummarySchema>;

/** A withdrawal on the finance desk. */
export const deskWithdrawalSchema = withdrawalSchema.extend({
  artistId: z.string(),
  artistName: z.string(),
  artistEmail: z.string(),
  /** Masked: `UPI: pr•••@okaxis`, `Bank: ••••1234 · HDFC0001234`; null when removed. */
  destination: z.string().nullable(),
});
export type DeskWithdrawal = z.infer<typeof deskWithdrawalSchema>;

/** GET /api/desk/payouts?view= */
export const payoutDeskSchema = z.object({
  view: z.enum(WITHDRAWAL_STATES),
  counts: z.object({
    requested: z.number(),
    approved: z.number(),
    paid: z.number(),
    failed: z.number(),
  }),
  items: z.array(deskWithdrawalSchema),
});
export type PayoutDesk = z.infer<typeof payoutDeskSchema>;

/** POST /api/desk/payouts/approve */
export const approvedWithdrawalsSchema = z.object({
  approved: z.array(z.string()),
  /** Selected ones no longer requested (approved or failed meanwhile). */
  skipped: z.array(z.string()),
});
