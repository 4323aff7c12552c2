import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiFetch } from "../../../lib/api-client";
import { walletKeys } from "./wallet-keys";
import { liveQuery } from "../../../realtime/live-query";

/** Under the wallet's root key: `wallet:changed` refreshes them with the balance. */
export const withdrawalKeys = {
  list: () => [...walletKeys.all, "withdrawals"] as const,
  preview: (amountPaise: number) => [...walletKeys.all, "withdrawal-preview", amountPaise] as const,
  tax: () => [...walletKeys.all, "tax"] as const,
};

export const withdrawalsUrl = "/api/wallet/withdrawals";
export const taxCsvUrl = "/api/wallet/tax.csv";

/** The artist's withdrawals and balance; live, as the balance. */
export const withdrawalsQuery = () =>
  queryOptions({
    queryKey: withdrawalKeys.list(),
    queryFn: ({ signal }) => apiFetch(withdrawalsUrl, { answer: "withdrawalList", signal }),
    ...liveQuery,
  });

export function useWithdrawals() {
  return useQuery(withdrawalsQuery());
}

/** The preview line and the refusal a withdrawal of this amount would meet (0: none asked). */
export function useWithdrawalPreview(amountPaise: number) {
  return useQuery({
    queryKey: withdrawalKeys.preview(amountPaise),
    enabled: amountPaise > 0,
    queryFn: ({ signal }) =>
      apiFetch(`${withdrawalsUrl}/preview?amountPaise=${amountPaise}`, {
        answer: "withdrawalPreview",
        signal,
      }),
  });
}

/** One key per dialog opening: a retry or a double press makes one withdrawal. */
export function useRequestWithdrawal(idempotencyKey: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (amountPaise: number) =>
      apiFetch(withdrawalsUrl, { answer: "withdrawal", body: { amountPaise, idempotencyKey } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: walletKeys.all }),
  });
}

export const taxSummaryQuery = () =>
  queryOptions({
    queryKey: withdrawalKeys.tax(),
    queryFn: ({ signal }) => apiFetch("/api/wallet/tax", { answer: "taxSummary", signal }),
    ...liveQuery,
  });

export function useTaxSummary() {
  return useQuery(taxSummaryQuery());
}
