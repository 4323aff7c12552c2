import type { QueryClient } from "@tanstack/react-query";
import { forgetLastUser } from "./last-user";
import { fetchSessionUser, sessionQueryKey } from "./session";

/**
 * The server closed the live connection (sign-out, password change, account
 * deletion). After the user's own password change this tab holds a fresh
 * session cookie: `reconnect`. After sign-out (or deletion) the session is
 * gone and the tab counts as signed out. The close can overtake the answer
 * that carries the new cookie, so a missing session is asked again once
 * before that.
 */
export function checkSessionAfterServerClose(
  queryClient: QueryClient,
  userId: string,
  reconnect: () => void,
): void {
  const check = async () => {
    let user = await fetchSessionUser();
    if (user?.id !== userId) {
      await new Promise((resolve) => setTimeout(resolve, 1500));
      user = await fetchSessionUser();
    }
    if (user?.id === userId) {
      reconnect();
    } else {
      if (!user) forgetLastUser();
      queryClient.setQueryData(sessionQueryKey, user);
    }
  };
  void check().catch(() => undefined);
}
