import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { ForgotPasswordInput, ResetPasswordInput } from "../../../../shared/password-reset";
import { apiFetch } from "../../../lib/api-client";
import { sessionQueryKey } from "../../../lib/auth/session";

export function useRequestPasswordReset() {
  return useMutation({
    mutationFn: (input: ForgotPasswordInput) =>
      apiFetch<{ ok: true; message: string }>("/api/auth/forgot-password", { body: input }),
  });
}

/** Whether the link's token can still be used (so a spent link says so before typing). */
export function useResetTokenStatus(token: string) {
  return useQuery({
    queryKey: ["reset-token", token],
    queryFn: () =>
      apiFetch<{ ok: true }>(`/api/auth/reset-password/status?token=${encodeURIComponent(token)}`),
    retry: false,
    staleTime: Infinity,
    enabled: token !== "",
  });
}

/** Every session of the account ends, this browser's too if it was signed in. */
export function useResetPassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ResetPasswordInput) =>
      apiFetch<{ ok: true }>("/api/auth/reset-password", { body: input }),
    onSuccess: () => queryClient.resetQueries({ queryKey: sessionQueryKey }),
  });
}
