import type { EarningsPeriod } from "../../../../shared/statement-schemas";

/** The wallet's query keys (all under one root: `wallet:changed` refreshes them together). */
export const walletKeys = {
  all: ["wallet"] as const,
  summary: () => [...walletKeys.all, "summary"] as const,
  transactions: () => [...walletKeys.all, "transactions"] as const,
  earnings: (period: EarningsPeriod) => [...walletKeys.all, "earnings", period] as const,
};

export const walletUrl = "/api/wallet";
export const walletTransactionsUrl = (cursor = "") =>
  `/api/wallet/transactions?cursor=${encodeURIComponent(cursor)}`;
export const earningsUrl = (period: EarningsPeriod) =>
  `/api/wallet/earnings?period=${encodeURIComponent(period)}`;
export const earningsCsvUrl = (period: EarningsPeriod) =>
  `/api/wallet/earnings.csv?period=${encodeURIComponent(period)}`;
