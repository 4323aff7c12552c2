import { z } from "zod";
import type { MaskedPayoutDetails, PayoutDetailsView } from "../payout-details";

/** Saved payout details, masked: the clear values never leave the server. */
const maskedPayoutDetailsSchema = z.object({
  method: z.enum(["upi", "bank"]),
  destination: z.string(),
  accountHolderName: z.string().nullable(),
  pan: z.string().nullable(),
  updatedAt: z.number(),
}) satisfies z.ZodType<MaskedPayoutDetails>;

/** GET and PUT /api/wallet/payout-details. */
export const payoutDetailsViewSchema = z.object({
  details: maskedPayoutDetailsSchema.nullable(),
  withdrawalsHeldUntil: z.number().nullable(),
  tdsRatePercent: z.number(),
  tdsRateNoPanPercent: z.number(),
}) satisfies z.ZodType<PayoutDetailsView>;
