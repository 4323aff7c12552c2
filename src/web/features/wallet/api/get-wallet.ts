import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiFetch } from "../../../lib/api-client";
import { liveQuery } from "../../../realtime/live-query";
import { walletKeys, walletUrl } from "./wallet-keys";

/**
 * GET /api/wallet: the artist's available balance. Live: a `wallet:changed`
 * sent before the socket joined (or while it was away) is made up for by the
 * fetch every (re)connect brings.
 */
export const walletSummaryQuery = () =>
  queryOptions({
    queryKey: walletKeys.summary(),
    queryFn: ({ signal }) => apiFetch(walletUrl, { answer: "walletSummary", signal }),
    ...liveQuery,
  });

export function useWalletSummary() {
  return useQuery(walletSummaryQuery());
}
