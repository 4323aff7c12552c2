import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { PublicUser } from "../../../shared/user";
import { ApiError, apiFetch } from "../api-client";

export const sessionQueryKey = ["session"] as const;
/** Also preloaded by the built pages of signed-in routes (scripts/prerender.tsx). */
export const sessionUrl = "/api/me";

/** The signed-in user, or null. 401 is an answer here, not an error. */
export async function fetchSessionUser(): Promise<PublicUser | null> {
  try {
    return await apiFetch<PublicUser>(sessionUrl);
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return null;
    throw error;
  }
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
    onSettled: () => {
      // Nothing of the previous user may linger in the cache.
      queryClient.clear();
      queryClient.setQueryData(sessionQueryKey, null);
    },
  });
}
