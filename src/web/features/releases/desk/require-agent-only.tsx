import type { ReactNode } from "react";
import { Navigate } from "react-router";
import { useSession } from "../../../lib/auth/session";

/** The review desk is for agents; an artist who lands here goes to their own releases. */
export function RequireAgentOnly({ children }: { children: ReactNode }) {
  const { data: user } = useSession();
  if (!user) return null;
  if (!user.admin) return <Navigate to="/releases" replace />;
  return children;
}
