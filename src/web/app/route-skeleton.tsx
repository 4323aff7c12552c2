import { Link } from "react-router";
import { ArrowLeft } from "lucide-react";
import { Spinner } from "../components/spinner";
import {
  conversationHeaderClass,
  deskRowClass,
} from "../features/conversations/conversation/header-layout";
import { SubPage } from "../components/sub-page";
import {
  BottomNavFrame,
  ShellFrame,
  SideNavFrame,
  bottomLinkClass,
  isChatPath,
  sideLinkClass,
} from "./app-shell";

/**
 * What the build prerenders into the page of a signed-in route
 * (scripts/build/prerender.tsx), so the first paint does not wait for the entry
 * script: the app's frame and the screen's heading where it is known without
 * data, with the screen's loading state where its content will be. Nothing
 * here depends on who is signed in (unknown at build time: artist, agent or
 * nobody), and nothing pretends to be a control: the navigation's items are
 * placeholders hidden from assistive technology, the only links are real
 * ones (back, skip to content). main.tsx replaces it with createRoot once the
 * session and the screen's modules are in (docs/decisions/086-signed-in-skeletons.md).
 */
export type RouteSkeleton =
  /** An account sub-screen outside the shell (SubPage). */
  | { kind: "sub"; title: string }
  /** A screen in the shell; `title` when its heading needs no data. */
  | { kind: "page"; title?: string; wide?: boolean; loading: string }
  /**
   * The chat list, or a conversation (`/chat/:peerId`, `/inbox/:peerId`);
   * `desk`: an agent's conversation, whose header has the desk's row.
   */
  | { kind: "chat"; desk?: boolean };

/**
 * The skeletons, by React Router path (route-chunks.ts). Measured side by
 * side (docs/benchmarks.md, "Where issue 24 stands", afternoon): on the
 * artists' screens the early paint pays (`/chat/:id` 82 → 90, `/songs` 84 →
 * 89); on the agents' desk the first render was heavier and, once it came
 * after the first paint, counted as blocking time (`/inbox/:id` 86 → 75, the
 * agent inbox 94 → 86, `/desk/songs` 89 → 85). Since a phone renders only
 * what it shows (decision 089), `/inbox/:id` gains from its skeleton too (91,
 * 92, 89 → 94, 94, 91 side by side, 2026-11-27). The rest of the desk, and
 * `/` that both sides open, keep the plain page (WITHOUT_SKELETON).
 */
export const routeSkeletons: Record<string, RouteSkeleton> = {
  "/change-password": { kind: "sub", title: "Change Password" },
  "/manage-account": { kind: "sub", title: "Manage Account" },
  "/artist-account": { kind: "sub", title: "Artist Account" },
  "/chat/:peerId": { kind: "chat" },
  "/inbox/:peerId": { kind: "chat", desk: true },
  "/settings": { kind: "page", title: "Settings", loading: "Loading your settings…" },
  "/songs": { kind: "page", title: "Your Songs", loading: "Loading your songs…" },
  "/list": { kind: "page", title: "Your Songs", loading: "Loading your songs…" },
  "/song/:id": { kind: "page", loading: "Loading song…" },
  "/song/:id/ask": { kind: "page", loading: "Opening the conversation…" },
  "/releases/:id/ask": { kind: "page", loading: "Opening the conversation…" },
  "/releases": { kind: "page", title: "Your releases", loading: "Loading your releases…" },
  "/releases/new": { kind: "page", title: "New release", loading: "Starting your release…" },
  "/releases/:id": { kind: "page", loading: "Loading release…" },
  "/wallet": { kind: "page", title: "Wallet", loading: "Loading your wallet…" },
  "/wallet/earnings": {
    kind: "page",
    title: "Earnings",
    wide: true,
    loading: "Loading your earnings…",
  },
  "/wallet/payout-details": {
    kind: "page",
    title: "Payout details",
    loading: "Loading your payout details…",
  },
  "/wallet/tax": { kind: "page", title: "Tax summary", loading: "Loading your tax summary…" },
  "/wallet/splits": { kind: "page", title: "Splits", loading: "Loading your splits…" },
};

/** Signed-in routes whose page has no skeleton: the agents' desk lists, and `/` (both sides). */
export const WITHOUT_SKELETON: readonly string[] = [
  "/",
  "/desk/songs",
  "/desk/songs/new",
  "/desk/songs/:id",
  "/desk/releases",
  "/desk/releases/:id",
  "/saved-replies",
  "/desk/statements",
  "/desk/statements/:id",
  "/desk/artists",
  "/desk/payouts",
];

const placeholder = "rounded bg-slate-200 dark:bg-slate-700";

/**
 * The navigations before their items are known: a bar where each link will
 * be, in the link's own box (same classes: the same height), hidden from
 * assistive technology.
 */
function SideNavSkeleton() {
  return (
    <SideNavFrame busy>
      {[0, 1, 2, 3].map((i) => (
        <div key={i} aria-hidden="true" className={sideLinkClass}>
          <span className={`block size-5 ${placeholder}`} />
          {/* The label's 24 px line (shown from xl; the rail has the icon only). */}
          <span className="hidden h-6 items-center xl:flex">
            <span className={`h-4 w-24 ${placeholder}`} />
          </span>
        </div>
      ))}
    </SideNavFrame>
  );
}

function BottomNavSkeleton() {
  return (
    <BottomNavFrame busy>
      {[0, 1, 2, 3].map((i) => (
        <div key={i} aria-hidden="true" className={bottomLinkClass}>
          <span className={`block size-5 ${placeholder}`} />
          <span className={`h-4 w-10 ${placeholder}`} />
        </div>
      ))}
    </BottomNavFrame>
  );
}

/** The chat list's pane and, on a conversation, the conversation's (chat-layout.tsx). */
function ChatSkeleton({ conversation, desk }: { conversation: boolean; desk?: boolean }) {
  return (
    <div className="flex min-h-0 flex-1 md:h-dvh">
      <div
        className={`${conversation ? "hidden md:flex" : "flex"} w-full min-w-0 flex-col border-slate-200 bg-white md:w-80 md:shrink-0 md:border-r dark:border-slate-800 dark:bg-slate-900`}
      >
        <Spinner label="Loading conversations…" className="p-6" />
      </div>
      <div
        className={`${conversation ? "flex" : "hidden md:flex"} min-h-0 min-w-0 flex-1 flex-col`}
      >
        {conversation && (
          <>
            {/* The conversation header's box (conversation-header.tsx). */}
            <div className={conversationHeaderClass}>
              <Link
                to="/"
                aria-label="Back to chats"
                className="flex size-10 items-center justify-center rounded-full text-slate-700 hover:bg-slate-200 dark:text-slate-200 dark:hover:bg-slate-800"
              >
                <ArrowLeft aria-hidden="true" className="size-5" />
              </Link>
              {desk && <div className={deskRowClass} />}
            </div>
            <Spinner label="Loading the conversation…" className="flex-1 p-6" />
          </>
        )}
      </div>
    </div>
  );
}

/** The skeleton of the screen at `path` (a route pattern), as the build prerenders it. */
export function RouteSkeletonView({ path }: { path: string }) {
  const skeleton = routeSkeletons[path];
  if (!skeleton) throw new Error(`no skeleton for ${path}`);
  if (skeleton.kind === "sub") {
    return (
      <SubPage title={skeleton.title} backTo="/settings" backLabel="Back to settings" busy>
        <Spinner className="py-10" />
      </SubPage>
    );
  }
  const onChatRoute = isChatPath(path);
  return (
    <ShellFrame
      onChatRoute={onChatRoute}
      busy
      sideNav={<SideNavSkeleton />}
      bottomNav={<BottomNavSkeleton />}
    >
      {skeleton.kind === "chat" ? (
        <ChatSkeleton conversation={onChatRoute} desk={skeleton.desk} />
      ) : (
        <div
          className={`mx-auto flex w-full ${skeleton.wide ? "max-w-4xl" : "max-w-2xl"} flex-col gap-4 p-4 sm:p-6`}
        >
          {skeleton.title && <h1 className="text-2xl font-bold">{skeleton.title}</h1>}
          <Spinner label={skeleton.loading} className="py-10" />
        </div>
      )}
    </ShellFrame>
  );
}
