import { financialYearOf } from "../../../shared/india-time";
import type { Withdrawal } from "../../../shared/responses/withdrawals";
import type { WithdrawalState } from "../../../shared/withdrawal-schemas";
import type { WithdrawalRow } from "./withdrawal-repository";

/** "2026-27" for the year starting in 2026 (mid-year is safely inside it). */
export const financialYearLabel = (startYear: number) =>
  financialYearOf(Date.UTC(startYear, 6, 1)).label;

/** A row as the artist (and the desk) sees it. */
export function withdrawalView(row: WithdrawalRow): Withdrawal {
  return {
    id: row.id,
    state: row.state as WithdrawalState,
    amountPaise: row.amountPaise,
    tdsPaise: row.tdsPaise,
    netPaise: row.netPaise,
    tdsRatePercent: row.tdsRateBasisPoints / 100,
    financialYear: financialYearLabel(row.financialYear),
    reference: row.reference,
    failureReason: row.failureReason,
    requestedAt: row.requestedAt,
    approvedAt: row.approvedAt,
    paidAt: row.paidAt,
    failedAt: row.failedAt,
  };
}
