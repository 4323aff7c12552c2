import { useEffect, type ReactNode } from "react";
import { NavLink, Outlet, useLocation } from "react-router";
import { Music } from "lucide-react";
import { useSession } from "../lib/auth/session";
import { useUnreadTitle, useUnreadTotal } from "../features/conversations/api/unread-total";
import { useSongNotices } from "../features/songs/api/get-song-notices";
import { SongStatusToasts } from "../features/songs/notices/song-status-toasts";
import { useLiveSongs } from "../features/songs/api/live-songs";
import { MAIN_CONTENT_ID, SkipLink } from "../components/skip-link";
import { useIsFinance } from "../lib/auth/roles";
import { agentNavItems, bottomNavItems, sideNavItems, type NavItem } from "./nav-items";
import { ScreenSuspense } from "../components/screen-suspense";
import { setTitleAgent } from "../lib/document-title";
import { BottomMoreMenu } from "./bottom-more-menu";

/** An agent's "/" is named Inbox in the tab, an artist's Chats; back to the artist's on leaving. */
function useTitleRole(agent: boolean) {
  useEffect(() => {
    setTitleAgent(agent);
    return () => setTitleAgent(false);
  }, [agent]);
}

/** The unread count on the Chat / Inbox item, on every page. */
function UnreadBadge({ count }: { count: number }) {
  if (count === 0) return null;
  return (
    <span className="flex h-5 min-w-5 items-center justify-center rounded-full bg-indigo-600 px-1.5 text-xs font-bold text-white dark:bg-indigo-400 dark:text-slate-950">
      <span aria-hidden="true">{count}</span>
      <span className="sr-only">
        , {count === 1 ? "1 unread message" : `${count} unread messages`}
      </span>
    </span>
  );
}

function isActive(item: NavItem, pathname: string): boolean {
  if (item.to === "/")
    return pathname === "/" || pathname.startsWith("/chat/") || pathname.startsWith("/inbox/");
  if (item.to === "/songs" || item.to === "/list") {
    // A release is made of songs: its screens belong to the songs entry.
    return (
      pathname === "/songs" ||
      pathname === "/list" ||
      pathname.startsWith("/song/") ||
      pathname === "/releases" ||
      pathname.startsWith("/releases/")
    );
  }
  return pathname.startsWith(item.to);
}

const isSongsItem = (item: NavItem) => item.to === "/songs" || item.to === "/list";

/** The unread dot on Songs/List: a song's status changed and the artist has not opened it. */
function NoticeDot() {
  return (
    <>
      <span aria-hidden="true" className="size-2 rounded-full bg-red-600 dark:bg-red-400" />
      <span className="sr-only">(new status updates)</span>
    </>
  );
}

const linkBase = "flex items-center gap-3 rounded-lg font-medium transition-colors";
/**
 * A side link's box; the skeleton's placeholders take the same
 * (route-skeleton.tsx). Below `xl` the side nav is a rail of icons: the label
 * stays the link's name for assistive technology and its tooltip.
 */
export const sideLinkClass = `${linkBase} relative justify-center px-3 py-2.5 xl:justify-start`;
/** A side link's label: its accessible name always, shown from `xl` on. */
export const sideLabelClass = "sr-only xl:not-sr-only xl:flex-1";
/** A bottom link's box, likewise. */
export const bottomLinkClass = `${linkBase} min-w-0 flex-col gap-1 py-2 text-xs`;
const activeClass = "bg-indigo-50 text-indigo-800 dark:bg-indigo-950 dark:text-indigo-200";
const idleClass = "text-slate-700 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-800";

/**
 * An item's marks, placed by each nav over its icon (`badgeAt`, `dotAt`:
 * where, as classes of an absolutely placed box): the unread count on Chat /
 * Inbox, the notice dot on Songs / List.
 */
function ItemMarks({
  item,
  unread,
  hasNotice,
  badgeAt,
  dotAt,
}: {
  item: NavItem;
  unread: number;
  hasNotice: boolean;
  badgeAt: string;
  dotAt: string;
}) {
  return (
    <>
      {item.to === "/" && (
        <span className={`absolute ${badgeAt}`}>
          <UnreadBadge count={unread} />
        </span>
      )}
      {hasNotice && isSongsItem(item) && (
        <span className={`absolute flex ${dotAt}`}>
          <NoticeDot />
        </span>
      )}
    </>
  );
}

/** What both navs show beside their items: the unread count and the songs' notice dot. */
interface NavMarks {
  items: readonly NavItem[];
  pathname: string;
  unread: number;
  hasNotice: boolean;
}

/**
 * The side navigation's box: a rail of icons from `md` (a tablet, a small
 * laptop), the full list with labels from `xl`, so the chat's list and its
 * conversation keep their room beside it. `busy`: the prerendered
 * skeleton's (route-skeleton.tsx), before the signed-in user (and so the
 * items) is known.
 */
export function SideNavFrame({ busy, children }: { busy?: boolean; children: ReactNode }) {
  return (
    <nav
      aria-label="Main"
      aria-busy={busy || undefined}
      className="hidden w-20 shrink-0 flex-col gap-1 border-r border-slate-200 bg-white p-2 md:sticky md:top-0 md:flex md:h-dvh md:overflow-y-auto xl:w-60 xl:p-4 dark:border-slate-800 dark:bg-slate-900"
    >
      <div className="mb-6 flex items-center justify-center gap-2 px-2 py-2 text-lg font-bold xl:justify-start xl:py-0">
        <Music aria-hidden="true" className="size-6 text-indigo-600 dark:text-indigo-400" />
        <span className="sr-only xl:not-sr-only">Artist Portal</span>
      </div>
      {children}
    </nav>
  );
}

/** The bottom navigation's box (small screens). */
export function BottomNavFrame({ busy, children }: { busy?: boolean; children: ReactNode }) {
  return (
    <nav
      aria-label="Bottom"
      aria-busy={busy || undefined}
      // Focus scrolls into view above it (styles.css: scroll-padding-bottom).
      data-bottom-nav
      className="fixed inset-x-0 bottom-0 z-10 grid auto-cols-fr grid-flow-col border-t border-slate-200 bg-white md:hidden dark:border-slate-800 dark:bg-slate-900"
    >
      {children}
    </nav>
  );
}

/**
 * The shell's frame: skip link, side navigation, the small screens' header,
 * main, bottom navigation. Shared by the app and the skeleton the build
 * prerenders into signed-in pages (route-skeleton.tsx), so React's first
 * render lands exactly where the skeleton stood.
 */
export function ShellFrame({
  onChatRoute,
  sideNav,
  bottomNav,
  after,
  busy,
  children,
}: {
  /** A conversation takes the whole small screen: no header, no bottom nav. */
  onChatRoute: boolean;
  sideNav: ReactNode;
  bottomNav: ReactNode;
  after?: ReactNode;
  busy?: boolean;
  children: ReactNode;
}) {
  return (
    // A conversation is exactly one screen tall: only its message list scrolls.
    <div className={`flex ${onChatRoute ? "h-dvh" : "min-h-dvh"}`}>
      <SkipLink />
      {sideNav}
      <div className="flex min-w-0 flex-1 flex-col">
        {!onChatRoute && (
          <header className="flex items-center gap-2 border-b border-slate-200 bg-white px-4 py-3 font-bold md:hidden dark:border-slate-800 dark:bg-slate-900">
            <Music aria-hidden="true" className="size-5 text-indigo-600 dark:text-indigo-400" />
            Artist Portal
          </header>
        )}
        <main
          id={MAIN_CONTENT_ID}
          // Reached by the skip link; focus lands here, not on a control.
          tabIndex={-1}
          aria-busy={busy || undefined}
          className={`flex min-w-0 flex-1 flex-col outline-none ${onChatRoute ? "min-h-0" : "pb-20 md:pb-0"}`}
        >
          {children}
        </main>
      </div>
      {after}
      {!onChatRoute && bottomNav}
    </div>
  );
}

/** Whether `pathname` is a conversation (the whole small screen). */
export const isChatPath = (pathname: string) =>
  pathname.startsWith("/chat/") || pathname.startsWith("/inbox/");

/** The side navigation of wide screens. */
function SideNav({ items, pathname, unread, hasNotice }: NavMarks) {
  return (
    <SideNavFrame>
      {items.map((item) => {
        const active = isActive(item, pathname);
        return (
          <NavLink
            key={item.to}
            to={item.to}
            aria-current={active ? "page" : undefined}
            // The rail shows no label: the tooltip names the icon.
            title={item.label}
            className={`${sideLinkClass} ${active ? activeClass : idleClass}`}
          >
            <item.icon aria-hidden="true" className="size-5" />
            <span className={sideLabelClass}>{item.label}</span>
            {/* On the rail, the marks sit on the icon's corner; beside the label from xl. */}
            <ItemMarks
              item={item}
              unread={unread}
              hasNotice={hasNotice}
              badgeAt="top-0.5 right-0.5 xl:static"
              dotAt="top-2 right-3 xl:static"
            />
          </NavLink>
        );
      })}
    </SideNavFrame>
  );
}

/** What the bottom bar holds at 375 px with whole words for labels; more go under More. */
const BOTTOM_ITEMS = 5;

/** The bottom navigation of small screens. */
function BottomNav({ items, pathname, unread, hasNotice }: NavMarks) {
  const overflow = items.length > BOTTOM_ITEMS;
  const shown = overflow ? items.slice(0, BOTTOM_ITEMS - 1) : items;
  const more = overflow ? items.slice(BOTTOM_ITEMS - 1) : [];
  return (
    <BottomNavFrame>
      {shown.map((item) => {
        const active = isActive(item, pathname);
        return (
          <NavLink
            key={item.to}
            to={item.to}
            aria-current={active ? "page" : undefined}
            className={`${bottomLinkClass} ${active ? "text-indigo-700 dark:text-indigo-300" : "text-slate-700 dark:text-slate-300"}`}
          >
            <span className="relative">
              <item.icon aria-hidden="true" className="size-5" />
              <ItemMarks
                item={item}
                unread={unread}
                hasNotice={hasNotice}
                badgeAt="-top-2 -right-3"
                dotAt="-top-0.5 -right-1"
              />
            </span>
            {/* Five items share 375 px: a label of two words wraps between them. */}
            <span className="max-w-full text-center">{item.label}</span>
          </NavLink>
        );
      })}
      {overflow && (
        <BottomMoreMenu
          className={bottomLinkClass}
          active={more.some((item) => isActive(item, pathname))}
        >
          {more.map((item) => (
            <li key={item.to}>
              <NavLink
                to={item.to}
                aria-current={isActive(item, pathname) ? "page" : undefined}
                className={`${linkBase} px-3 py-2.5 text-sm ${isActive(item, pathname) ? activeClass : idleClass}`}
              >
                <item.icon aria-hidden="true" className="size-5" />
                {item.label}
              </NavLink>
            </li>
          ))}
        </BottomMoreMenu>
      )}
    </BottomNavFrame>
  );
}

export function AppShell() {
  const { pathname } = useLocation();
  // A conversation takes the whole small screen: the artist's and the agent's.
  const onChatRoute = isChatPath(pathname);
  const { data: user } = useSession();
  useLiveSongs();
  const unread = useUnreadTotal(user ? user.admin : undefined);
  useUnreadTitle(unread);
  useTitleRole(user?.admin === true);
  const notices = useSongNotices(user !== undefined && user !== null && !user.admin);
  const finance = useIsFinance() === true;
  const agentItems = agentNavItems(finance);
  const marks = { pathname, unread, hasNotice: (notices.data?.unseen.length ?? 0) > 0 };

  return (
    <ShellFrame
      onChatRoute={onChatRoute}
      sideNav={<SideNav items={user?.admin ? agentItems : sideNavItems} {...marks} />}
      bottomNav={<BottomNav items={user?.admin ? agentItems : bottomNavItems} {...marks} />}
      after={user && !user.admin && <SongStatusToasts />}
    >
      <ScreenSuspense>
        <Outlet />
      </ScreenSuspense>
    </ShellFrame>
  );
}
