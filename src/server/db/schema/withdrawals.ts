import type { EpochMs, Int64 } from "./columns";

/** One withdrawal (migration 0031); its money lives in the ledger. */
export interface WithdrawalTable {
  id: string;
  artistId: string;
  idempotencyKey: string;
  /** requested → approved → paid; requested or approved → failed. */
  state: string;
  amountPaise: Int64;
  tdsPaise: Int64;
  netPaise: Int64;
  tdsRateBasisPoints: number;
  /** 1 when a PAN was on file (the rate it paid), else 0. */
  hasPan: number;
  /** The financial year's first calendar year (2026 for 2026-27). */
  financialYear: number;
  /** The bank's UTR or reference, once paid. */
  reference: string | null;
  failureReason: string | null;
  requestedAt: EpochMs;
  approvedAt: EpochMs | null;
  approvedBy: string | null;
  paidAt: EpochMs | null;
  paidBy: string | null;
  failedAt: EpochMs | null;
  failedBy: string | null;
  updatedAt: EpochMs;
  /**
   * Where it is paid: the payout details as they stood at the request (JSON,
   * their encrypted values as stored); null for rows made before 0039.
   */
  payoutDestination: string | null;
}
