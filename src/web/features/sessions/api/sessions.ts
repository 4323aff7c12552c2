import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { AccountSessions } from "../../../../shared/sessions";
import { apiFetch } from "../../../lib/api-client";

export const sessionsQueryKey = ["account", "sessions"] as const;
export const accountSessionsUrl = "/api/account/sessions";

/** The account's signed-in browsers. */
export function useAccountSessions() {
  return useQuery({
    queryKey: sessionsQueryKey,
    queryFn: () => apiFetch<AccountSessions>(accountSessionsUrl),
  });
}

/** Signs out one other browser. */
export function useEndSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiFetch<{ ok: true }>(`/api/account/sessions/${encodeURIComponent(id)}`, {
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
      apiFetch<{ ok: true; ended: number }>("/api/account/sessions/sign-out-others", {
        body: {},
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: sessionsQueryKey }),
  });
}
