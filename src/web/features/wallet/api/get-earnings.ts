import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import type { EarningsPeriod } from "../../../../shared/statement-schemas";
import { apiFetch } from "../../../lib/api-client";
import { liveQuery } from "../../../realtime/live-query";
import { earningsUrl, walletKeys } from "./wallet-keys";

/** GET /api/wallet/earnings?period=: the four breakdowns the charts draw; live, as the balance. */
export const earningsQuery = (period: EarningsPeriod) =>
  queryOptions({
    queryKey: walletKeys.earnings(period),
    queryFn: ({ signal }) => apiFetch(earningsUrl(period), { answer: "earningsBreakdown", signal }),
    placeholderData: keepPreviousData,
    ...liveQuery,
  });

export function useEarnings(period: EarningsPeriod) {
  return useQuery(earningsQuery(period));
}
