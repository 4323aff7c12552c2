import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { SignInInput, SignUpInput } from "../../../../shared/auth-schemas";
import { apiFetch } from "../../../lib/api-client";
import { sessionQueryKey } from "../../../lib/auth/session";

export function useSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SignInInput) =>
      apiFetch("/api/auth/sign-in/email", { answer: "signedIn", body: input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionQueryKey }),
  });
}

export function useSignUp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SignUpInput) =>
      apiFetch("/api/auth/sign-up/email", { answer: "signedIn", body: input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionQueryKey }),
  });
}
