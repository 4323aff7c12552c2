import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { ChangeEmailInput } from "../../../../shared/account-schemas";
import { apiFetch } from "../../../lib/api-client";
import { sessionQueryKey } from "../../../lib/auth/session";

export function useChangeEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ChangeEmailInput) =>
      apiFetch<{ ok: true; email: string }>("/api/account/change-email", { body: input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionQueryKey }),
  });
}
