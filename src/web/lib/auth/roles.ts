import { useQuery } from "@tanstack/react-query";
import { apiFetch } from "../api-client";
import { useSession } from "./session";

export const myRolesUrl = "/api/me/roles";
export const myRolesKey = ["me", "roles"] as const;

/**
 * The roles beyond artist or agent (issue 46: finance), for the navigation
 * and the finance desk's guard. Asked only for agents: an artist holds none.
 */
export function useMyRoles() {
  const { data: user } = useSession();
  const agent = user?.admin === true;
  return useQuery({
    queryKey: [...myRolesKey, user?.id ?? ""],
    queryFn: ({ signal }) => apiFetch(myRolesUrl, { answer: "myRoles", signal }),
    enabled: agent,
    staleTime: 5 * 60_000,
  });
}

/** Whether the signed-in user is a finance agent; undefined while unknown. */
export function useIsFinance(): boolean | undefined {
  const { data: user } = useSession();
  const roles = useMyRoles();
  if (!user) return undefined;
  if (!user.admin) return false;
  return roles.data?.finance;
}
