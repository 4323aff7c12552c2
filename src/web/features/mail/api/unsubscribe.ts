import { useMutation } from "@tanstack/react-query";
import { apiFetch } from "../../../lib/api-client";

/** One-click unsubscribe from an email link; works signed out. */
export function useUnsubscribe() {
  return useMutation({
    mutationFn: (token: string) =>
      apiFetch(`/api/mail/unsubscribe?token=${encodeURIComponent(token)}`, {
        answer: "okMessage",
        method: "POST",
        body: {},
      }),
  });
}
