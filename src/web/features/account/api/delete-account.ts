import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { DeleteAccountInput } from "../../../../shared/account-schemas";
import { apiFetch } from "../../../lib/api-client";
import { sessionQueryKey } from "../../../lib/auth/session";
import { forgetLastUser } from "../../../lib/auth/last-user";

export function useDeleteAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: DeleteAccountInput) =>
      apiFetch<{ ok: true }>("/api/account/delete", { body: input }),
    onSuccess: () => {
      // Nothing of the deleted user may linger in the cache, or on the device.
      forgetLastUser();
      queryClient.clear();
      queryClient.setQueryData(sessionQueryKey, null);
    },
  });
}
