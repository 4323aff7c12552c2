import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { MailPreferences } from "../../../../shared/mail-preferences";
import { apiFetch } from "../../../lib/api-client";

export const mailPreferencesKey = ["mail-preferences"] as const;

export function useMailPreferences() {
  return useQuery({
    queryKey: mailPreferencesKey,
    queryFn: () => apiFetch<MailPreferences>("/api/mail/preferences"),
  });
}

export function useSaveMailPreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: MailPreferences) =>
      apiFetch<MailPreferences>("/api/mail/preferences", { method: "PUT", body: input }),
    onSuccess: (saved) => queryClient.setQueryData(mailPreferencesKey, saved),
  });
}
