import type { ReactNode } from "react";
import { Navigate } from "react-router";
import { useSession } from "../../../lib/auth/session";

/** The desk is for support agents; an artist who lands here goes to their own songs. */
export function RequireAgent({ children }: { children: ReactNode }) {
  const { data: user } = useSession();
  if (!user) return null;
  if (!user.admin) return <Navigate to="/songs" replace />;
  return children;
}
