import { useMutation } from "@tanstack/react-query";
import type { VerifyPasswordInput } from "../../../../shared/account-schemas";
import { apiFetch } from "../../../lib/api-client";

/** First step of account deletion; the server checks the password again when deleting. */
export function useVerifyPassword() {
  return useMutation({
    mutationFn: (input: VerifyPasswordInput) =>
      apiFetch("/api/account/verify-password", { answer: "ok", body: input }),
  });
}
