import { Outlet, useParams } from "react-router";
import { useSession } from "../../lib/auth/session";
import { ContactList } from "./components/contact-list";
import { LazyDeskInbox } from "./desk/lazy-desk";

/**
 * Two panes on wide screens (list left, conversation or empty state right);
 * on small screens the list alone, or the conversation alone.
 */
export default function ChatLayout() {
  const { data: user } = useSession();
  const { peerId } = useParams();
  if (!user) return null;
  return (
    <div className="flex min-h-0 flex-1 md:h-dvh">
      <div
        className={`${peerId ? "hidden md:flex" : "flex"} w-full min-w-0 flex-col border-slate-200 bg-white md:w-80 md:shrink-0 md:border-r dark:border-slate-800 dark:bg-slate-900`}
      >
        {user.admin ? (
          <LazyDeskInbox ownId={user.id} activePeerId={peerId} />
        ) : (
          <ContactList ownId={user.id} activePeerId={peerId} />
        )}
      </div>
      <div className={`${peerId ? "flex" : "hidden md:flex"} min-h-0 min-w-0 flex-1 flex-col`}>
        <Outlet />
      </div>
    </div>
  );
}
