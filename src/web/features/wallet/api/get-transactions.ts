import { infiniteQueryOptions, useInfiniteQuery } from "@tanstack/react-query";
import { apiFetch } from "../../../lib/api-client";
import { liveQuery } from "../../../realtime/live-query";
import { walletKeys, walletTransactionsUrl } from "./wallet-keys";

/** GET /api/wallet/transactions: newest first, a page at a time; live, as the balance. */
export const walletTransactionsQuery = () =>
  infiniteQueryOptions({
    queryKey: walletKeys.transactions(),
    queryFn: ({ pageParam, signal }) =>
      apiFetch(walletTransactionsUrl(pageParam), { answer: "walletTransactionPage", signal }),
    initialPageParam: "",
    getNextPageParam: (page) => page.nextCursor ?? undefined,
    ...liveQuery,
  });

export function useWalletTransactions() {
  return useInfiniteQuery(walletTransactionsQuery());
}
