import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { ProfilePatchInput } from "../../../../shared/profile-schemas";
import { apiFetch } from "../../../lib/api-client";
import { sessionQueryKey } from "../../../lib/auth/session";

/** Saves profile fields; the session query (settings card, this screen) then shows them. */
export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (patch: ProfilePatchInput) =>
      apiFetch("/api/profile", { answer: "publicUser", method: "PATCH", body: patch }),
    onSuccess: async (user) => {
      queryClient.setQueryData(sessionQueryKey, user);
      await queryClient.invalidateQueries({ queryKey: sessionQueryKey });
    },
  });
}
