import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { ChangeEmailInput } from "../../../../shared/account-schemas";
import { apiFetch } from "../../../lib/api-client";
import { sessionQueryKey } from "../../../lib/auth/session";

export function useChangeEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ChangeEmailInput) =>
      apiFetch("/api/account/change-email", { answer: "emailChanged", body: input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionQueryKey }),
  });
}
