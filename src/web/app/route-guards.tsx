import { Navigate, Outlet, useLocation } from "react-router";
import { FullPageSpinner } from "../components/spinner";
import { useSession } from "../lib/auth/session";
import { returnPath } from "../lib/return-path";
import { ChatConnectionProvider } from "../features/conversations/realtime/chat-connection-provider";
import { RealtimeProvider } from "../realtime/realtime-provider";
import { ScreenSuspense } from "../components/screen-suspense";

/** Screens that need a signed-in user; waits for the first session check so nothing flashes. */
export function RequireSignedIn() {
  const { data: user, isPending } = useSession();
  const location = useLocation();
  if (isPending) return <FullPageSpinner />;
  if (!user) {
    const from = `${location.pathname}${location.search}`;
    return <Navigate to="/login" replace state={{ from }} />;
  }
  // The live link (and the chat on it) reaches every signed-in page.
  return (
    <RealtimeProvider userId={user.id}>
      <ChatConnectionProvider userId={user.id}>
        <ScreenSuspense fallback={<FullPageSpinner />}>
          <Outlet />
        </ScreenSuspense>
      </ChatConnectionProvider>
    </RealtimeProvider>
  );
}

/**
 * Login and register: a signed-in user goes to the app instead, or back to
 * the page that asked them to sign in (an emailed link).
 */
export function RequireSignedOut() {
  const { data: user, isPending } = useSession();
  const state: unknown = useLocation().state;
  if (isPending) return <FullPageSpinner />;
  if (user) return <Navigate to={returnPath(state)} replace />;
  return <Outlet />;
}
