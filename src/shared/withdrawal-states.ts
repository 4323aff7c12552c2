/**
 * Withdrawal states, in the order the desk's views list them, and their labels.
 * Apart from the schemas (withdrawal-schemas.ts), so the wallet's list of
 * withdrawals reads them without loading zod.
 */
export const WITHDRAWAL_STATES = ["requested", "approved", "paid", "failed"] as const;
export type WithdrawalState = (typeof WITHDRAWAL_STATES)[number];
export const WITHDRAWAL_STATE_LABELS: Record<WithdrawalState, string> = {
  requested: "Requested",
  approved: "Approved",
  paid: "Paid",
  failed: "Failed",
};
