import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { DeleteAccountInput } from "../../../../shared/account-schemas";
import { apiFetch } from "../../../lib/api-client";
import { sessionQueryKey } from "../../../lib/auth/session";
import { clearDeviceData } from "../../../lib/auth/clear-device-data";
import { forgetLastUser } from "../../../lib/auth/last-user";

export function useDeleteAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: DeleteAccountInput) =>
      apiFetch("/api/account/delete", { answer: "ok", body: input }),
    onSuccess: async () => {
      // Nothing of the deleted user may linger on this device.
      forgetLastUser();
      await clearDeviceData(queryClient).catch(() => undefined);
      queryClient.setQueryData(sessionQueryKey, null);
    },
  });
}
