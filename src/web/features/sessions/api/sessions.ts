import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiFetch } from "../../../lib/api-client";

export const sessionsQueryKey = ["account", "sessions"] as const;
export const accountSessionsUrl = "/api/account/sessions";

/** The account's signed-in browsers. */
export function useAccountSessions() {
  return useQuery({
    queryKey: sessionsQueryKey,
    queryFn: () => apiFetch(accountSessionsUrl, { answer: "accountSessions" }),
  });
}

/** Signs out one other browser. */
export function useEndSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiFetch(`/api/account/sessions/${encodeURIComponent(id)}`, {
        answer: "ok",
        method: "DELETE",
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: sessionsQueryKey }),
  });
}

/** Signs out every browser but this one. */
export function useSignOutOthers() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      apiFetch("/api/account/sessions/sign-out-others", { answer: "sessionsEnded", body: {} }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: sessionsQueryKey }),
  });
}
