import type { ReactNode } from "react";
import { Navigate } from "react-router";
import { useSession } from "./session";

/**
 * The desks are for support agents: an artist who lands on one goes to
 * their own side of it (`artistHome`: their songs, their releases).
 */
export function RequireAgent({
  artistHome,
  children,
}: {
  artistHome: string;
  children: ReactNode;
}) {
  const { data: user } = useSession();
  if (!user) return null;
  if (!user.admin) return <Navigate to={artistHome} replace />;
  return children;
}
