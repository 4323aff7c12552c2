import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { ForgotPasswordInput, ResetPasswordInput } from "../../../../shared/password-reset";
import { apiFetch } from "../../../lib/api-client";
import { sessionQueryKey } from "../../../lib/auth/session";

export function useRequestPasswordReset() {
  return useMutation({
    mutationFn: (input: ForgotPasswordInput) =>
      apiFetch("/api/auth/forgot-password", { answer: "okMessage", body: input }),
  });
}

/** Whether the link's token can still be used (so a spent link says so before typing). */
export function useResetTokenStatus(token: string) {
  return useQuery({
    queryKey: ["reset-token", token],
    queryFn: () =>
      apiFetch(`/api/auth/reset-password/status?token=${encodeURIComponent(token)}`, {
        answer: "ok",
      }),
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
      apiFetch("/api/auth/reset-password", { answer: "ok", body: input }),
    onSuccess: () => queryClient.resetQueries({ queryKey: sessionQueryKey }),
  });
}
