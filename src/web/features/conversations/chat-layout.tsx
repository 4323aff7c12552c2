import { useState } from "react";
import { Outlet, useParams } from "react-router";
import { useSession } from "../../lib/auth/session";
import { TWO_PANES, useMediaQuery } from "../../lib/use-media-query";
import { ContactList, ContactListData } from "./artist/contact-list";
import { LazyDeskInbox, LazyDeskInboxData } from "./desk/lazy-desk";
import { ScreenSuspense } from "../../components/screen-suspense";

/**
 * Two panes on wide screens (list left, conversation or empty state right);
 * on small screens the list alone, or the conversation alone.
 */
export default function ChatLayout() {
  const { data: user } = useSession();
  const { peerId } = useParams();
  const listInSight = useListInSight(peerId !== undefined);
  if (!user) return null;
  return (
    <div className="flex min-h-0 flex-1 md:h-dvh">
      <div
        className={`${peerId ? "hidden md:flex" : "flex"} w-full min-w-0 flex-col border-slate-200 bg-white md:w-80 md:shrink-0 md:border-r dark:border-slate-800 dark:bg-slate-900`}
      >
        {user.admin ? (
          listInSight ? (
            <LazyDeskInbox ownId={user.id} activePeerId={peerId} />
          ) : (
            <LazyDeskInboxData />
          )
        ) : listInSight ? (
          <ContactList ownId={user.id} activePeerId={peerId} />
        ) : (
          <ContactListData />
        )}
      </div>
      <div className={`${peerId ? "flex" : "hidden md:flex"} min-h-0 min-w-0 flex-1 flex-col`}>
        <ScreenSuspense>
          <Outlet />
        </ScreenSuspense>
      </div>
    </div>
  );
}

/**
 * Whether the list is drawn. A phone that opens a conversation directly
 * (a link, a reload) never shows the list beside it, so its rows are not
 * rendered there: that work held up the conversation's first paint. Once
 * shown, the list stays rendered (hidden while a conversation is open), so
 * going back finds its search as it was.
 */
function useListInSight(conversationOpen: boolean): boolean {
  const twoPanes = useMediaQuery(TWO_PANES);
  const visible = twoPanes || !conversationOpen;
  const [shown, setShown] = useState(visible);
  if (visible && !shown) setShown(true);
  return shown || visible;
}
