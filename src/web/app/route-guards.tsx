import { Navigate, Outlet, useLocation } from "react-router";
import { FullPageSpinner } from "../components/spinner";
import { useSession } from "../lib/auth/session";
import { ChatConnectionProvider } from "../features/chat/realtime/chat-connection-provider";

/** Screens that need a signed-in user; waits for the first session check so nothing flashes. */
export function RequireSignedIn() {
  const { data: user, isPending } = useSession();
  const location = useLocation();
  if (isPending) return <FullPageSpinner />;
  if (!user) return <Navigate to="/login" replace state={{ from: location.pathname }} />;
  // Live chat events (messages, unread counts) reach every signed-in page.
  return (
    <ChatConnectionProvider userId={user.id}>
      <Outlet />
    </ChatConnectionProvider>
  );
}

/** Login and register: a signed-in user goes to the app instead. */
export function RequireSignedOut() {
  const { data: user, isPending } = useSession();
  if (isPending) return <FullPageSpinner />;
  if (user) return <Navigate to="/" replace />;
  return <Outlet />;
}
