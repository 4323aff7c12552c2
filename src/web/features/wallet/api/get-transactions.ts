import { useInfiniteQuery } from "@tanstack/react-query";
import { apiFetch } from "../../../lib/api-client";
import { walletKeys, walletTransactionsUrl } from "./wallet-keys";

/** GET /api/wallet/transactions: newest first, a page at a time. */
export function useWalletTransactions() {
  return useInfiniteQuery({
    queryKey: walletKeys.transactions(),
    queryFn: ({ pageParam, signal }) =>
      apiFetch(walletTransactionsUrl(pageParam), { answer: "walletTransactionPage", signal }),
    initialPageParam: "",
    getNextPageParam: (page) => page.nextCursor ?? undefined,
  });
}
