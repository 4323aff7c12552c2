import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { WithdrawalState } from "../../../../shared/withdrawal-schemas";
import { apiFetch } from "../../../lib/api-client";

const root = ["desk-payouts"] as const;
export const bankFileUrl = "/api/desk/payouts/bank-file.csv";

export function usePayoutDesk(view: WithdrawalState) {
  return useQuery({
    queryKey: [...root, view],
    queryFn: ({ signal }) =>
      apiFetch(`/api/desk/payouts?view=${view}`, { answer: "payoutDesk", signal }),
  });
}

/** A desk step; every view and count fetches again after it, done or refused. */
function useStep<T>(run: (input: T) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSettled: () => queryClient.invalidateQueries({ queryKey: root }),
  });
}

export const useApprove = () =>
  useStep((ids: string[]) =>
    ids.length === 1
      ? apiFetch(`/api/desk/payouts/${ids[0]}/approve`, { answer: "nothing", body: {} })
      : apiFetch("/api/desk/payouts/approve", { answer: "approvedWithdrawals", body: { ids } }),
  );

export const useMarkPaid = () =>
  useStep(({ id, reference }: { id: string; reference: string }) =>
    apiFetch(`/api/desk/payouts/${id}/paid`, { answer: "nothing", body: { reference } }),
  );

export const useMarkFailed = () =>
  useStep(({ id, reason }: { id: string; reason: string }) =>
    apiFetch(`/api/desk/payouts/${id}/failed`, { answer: "nothing", body: { reason } }),
  );
