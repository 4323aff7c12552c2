import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { SessionAnswer } from "../../../shared/responses/user";
import type { PublicUser } from "../../../shared/user";
import { ApiError, apiFetch } from "../api-client";
import { clearDeviceData } from "./clear-device-data";

export const sessionQueryKey = ["session"] as const;
/** Also preloaded by the built pages of signed-in routes (scripts/prerender.tsx). */
export const sessionUrl = "/api/session";

/** The signed-in user, or null (the server answers 200 either way). */
export async function fetchSessionUser(): Promise<PublicUser | null> {
  return (await apiFetch<SessionAnswer>(sessionUrl)).user;
}

export function useSession() {
  return useQuery({
    queryKey: sessionQueryKey,
    queryFn: fetchSessionUser,
    staleTime: 60_000,
    retry: (count, error) => !(error instanceof ApiError) && count < 2,
  });
}

export function useSignOut() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiFetch<unknown>("/api/auth/sign-out", { body: {} }),
    onSettled: async () => {
      // Nothing of the previous user may linger on this device: cached
      // queries, unsent messages, cached files.
      await clearDeviceData(queryClient).catch(() => undefined);
      queryClient.setQueryData(sessionQueryKey, null);
    },
  });
}
