import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { MailPreferencesUpdate } from "../../../../shared/mail-preferences";
import { apiFetch } from "../../../lib/api-client";

export const mailPreferencesKey = ["mail-preferences"] as const;
export const mailPreferencesUrl = "/api/mail/preferences";

export function useMailPreferences() {
  return useQuery({
    queryKey: mailPreferencesKey,
    queryFn: () => apiFetch(mailPreferencesUrl, { answer: "mailPreferences" }),
  });
}

export function useSaveMailPreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    // Each switch saves only its own setting.
    mutationFn: (input: MailPreferencesUpdate) =>
      apiFetch(mailPreferencesUrl, { answer: "mailPreferences", method: "PUT", body: input }),
    onSuccess: (saved) => queryClient.setQueryData(mailPreferencesKey, saved),
  });
}
