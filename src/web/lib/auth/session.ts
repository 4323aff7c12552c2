import { useMutation, useQuery, useQueryClient, type Query } from "@tanstack/react-query";
import type { PublicUser } from "../../../shared/user";
import { ApiError, apiFetch } from "../api-client";
import { clearDeviceData } from "./clear-device-data";
import { forgetLastUser, lastKnownUser, rememberUser } from "./last-user";

export const sessionQueryKey = ["session"] as const;
/** Also preloaded by the built pages of signed-in routes (scripts/build/prerender.tsx). */
export const sessionUrl = "/api/session";

/** Users answered from the device because the network was down: checked again when it is back. */
const unchecked = new WeakSet<PublicUser>();

/**
 * The signed-in user, or null (the server answers 200 either way). A session
 * that cannot be checked because the network is down is not a signed-out
 * session: the last user this device saw signed in is answered instead, so
 * an offline reload keeps the shell and the outbox. Any answer of the server
 * (null, 401) is believed.
 */
export async function fetchSessionUser(): Promise<PublicUser | null> {
  try {
    const { user } = await apiFetch(sessionUrl, { answer: "sessionAnswer" });
    if (user) rememberUser(user);
    else forgetLastUser();
    return user;
  } catch (error) {
    if (error instanceof ApiError) {
      if (error.status === 401) forgetLastUser();
      throw error;
    }
    const last = lastKnownUser();
    if (!last) throw error;
    unchecked.add(last);
    return last;
  }
}

/** Whether the session on screen was not confirmed by the server (offline). */
const isUnchecked = (query: Pick<Query<PublicUser | null>, "state">) => {
  const user = query.state.data;
  return user !== null && user !== undefined && unchecked.has(user);
};

export function useSession() {
  return useQuery({
    queryKey: sessionQueryKey,
    queryFn: fetchSessionUser,
    // An unconfirmed (offline) answer is stale at once: checked when the network is back.
    staleTime: (query) => (isUnchecked(query) ? 0 : 60_000),
    refetchInterval: (query) => (isUnchecked(query) ? 5_000 : false),
    retry: (count, error) => !(error instanceof ApiError) && count < 2,
  });
}

export function useSignOut() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiFetch("/api/auth/sign-out", { answer: "signedOut", body: {} }),
    onSettled: async () => {
      // Nothing of the previous user may linger on this device: cached
      // queries, unsent messages, cached files.
      forgetLastUser();
      await clearDeviceData(queryClient).catch(() => undefined);
      queryClient.setQueryData(sessionQueryKey, null);
    },
  });
}
