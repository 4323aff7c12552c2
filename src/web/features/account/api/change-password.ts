import { useMutation } from "@tanstack/react-query";
import type { ChangePasswordInput } from "../../../../shared/account-schemas";
import { apiFetch } from "../../../lib/api-client";

/** Changes the password; the server ends the other sessions and renews this one. */
export function useChangePassword() {
  return useMutation({
    mutationFn: (input: ChangePasswordInput) =>
      apiFetch("/api/account/change-password", { answer: "ok", body: input }),
  });
}
