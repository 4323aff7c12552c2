import { keepPreviousData, useQuery } from "@tanstack/react-query";
import type { EarningsPeriod } from "../../../../shared/statement-schemas";
import { apiFetch } from "../../../lib/api-client";
import { earningsUrl, walletKeys } from "./wallet-keys";

/** GET /api/wallet/earnings?period=: the four breakdowns the charts draw. */
export function useEarnings(period: EarningsPeriod) {
  return useQuery({
    queryKey: walletKeys.earnings(period),
    queryFn: ({ signal }) => apiFetch(earningsUrl(period), { answer: "earningsBreakdown", signal }),
    placeholderData: keepPreviousData,
  });
}
