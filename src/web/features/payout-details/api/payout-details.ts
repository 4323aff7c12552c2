import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { PayoutDetailsInput } from "../../../../shared/payout-details";
import { apiFetch } from "../../../lib/api-client";

export const payoutDetailsKey = ["payout-details"] as const;
export const payoutDetailsUrl = "/api/wallet/payout-details";

/** The artist's payout details, masked, with the withdrawal hold and the TDS rates. */
export function usePayoutDetails() {
  return useQuery({
    queryKey: payoutDetailsKey,
    queryFn: () => apiFetch(payoutDetailsUrl, { answer: "payoutDetails" }),
  });
}

/** Saves new details with the current password; the answer is the new masked view. */
export function useSavePayoutDetails() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: PayoutDetailsInput) =>
      apiFetch(payoutDetailsUrl, { answer: "payoutDetails", method: "PUT", body: input }),
    onSuccess: (saved) => queryClient.setQueryData(payoutDetailsKey, saved),
  });
}
