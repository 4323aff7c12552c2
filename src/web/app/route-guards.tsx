import { Navigate, Outlet, useLocation } from "react-router";
import { FullPageSpinner } from "../components/spinner";
import { useSession } from "../features/auth/api/session";

/** Screens that need a signed-in user; waits for the first session check so nothing flashes. */
export function RequireSignedIn() {
  const { data: user, isPending } = useSession();
  const location = useLocation();
  if (isPending) return <FullPageSpinner />;
  if (!user) return <Navigate to="/login" replace state={{ from: location.pathname }} />;
  return <Outlet />;
}

/** Login and register: a signed-in user goes to the app instead. */
export function RequireSignedOut() {
  const { data: user, isPending } = useSession();
  if (isPending) return <FullPageSpinner />;
  if (user) return <Navigate to="/" replace />;
  return <Outlet />;
}
