import { matchRoutes, useRoutes, type RouteObject } from "react-router";
import { AppShell } from "./app-shell";
import { lazyPage } from "./lazy-page";
import { RequireSignedIn, RequireSignedOut } from "./route-guards";
import { useScreenTitle } from "./screen-titles";

/** What a route keeps for preloading its screen. */
interface PageHandle {
  preload: () => Promise<void>;
}

/** Each screen is its own chunk so the first route loads only what it shows. */
function page(load: Parameters<typeof lazyPage>[0]): Pick<RouteObject, "element" | "handle"> {
  const { Page, preload } = lazyPage(load);
  const handle: PageHandle = { preload };
  return { element: <Page />, handle };
}

/**
 * The route table, rendered by the browser (main.tsx) and by the build-time
 * prerender of the public screens (scripts/build/prerender.tsx). Declarative routes
 * (useRoutes) rather than a data router: nothing here uses loaders or actions,
 * and the data router is twice the bytes (docs/decisions/029-declarative-routes.md).
 */
export const routes: RouteObject[] = [
  // Reached from emails, signed in or not.
  { path: "/forgot-password", ...page(() => import("../features/auth/forgot-password-page")) },
  { path: "/reset-password", ...page(() => import("../features/auth/reset-password-page")) },
  { path: "/unsubscribe", ...page(() => import("../features/mail/unsubscribe-page")) },
  {
    path: "/undo-email-change",
    ...page(() => import("../features/account/undo/undo-email-change-page")),
  },
  {
    // A split invitation's link (issue 47): sign in or create an account from it.
    path: "/splits/invite/:token",
    ...page(() => import("../features/splits/split-invite-page")),
  },
  {
    element: <RequireSignedOut />,
    children: [
      { path: "/login", ...page(() => import("../features/auth/login-page")) },
      { path: "/register", ...page(() => import("../features/auth/register-page")) },
    ],
  },
  {
    element: <RequireSignedIn />,
    children: [
      // Account sub-screens stand outside the shell (spec route table).
      {
        path: "/change-password",
        ...page(() => import("../features/account/change-password-page")),
      },
      {
        path: "/manage-account",
        ...page(() => import("../features/account/manage-account-page")),
      },
      {
        path: "/artist-account",
        ...page(() => import("../features/profile/profile-page")),
      },
      {
        path: "/",
        element: <AppShell />,
        children: [
          {
            ...page(() => import("../features/conversations/chat-layout")),
            children: [
              { index: true, ...page(() => import("../features/conversations/chat-home")) },
              {
                path: "chat/:peerId",
                ...page(() => import("../features/conversations/conversation-page")),
              },
              {
                // An agent's conversation: the desk's chunk comes with the screen.
                path: "inbox/:peerId",
                ...page(() =>
                  Promise.all([
                    import("../features/conversations/conversation-page"),
                    import("../features/conversations/desk/lazy-desk").then((m) =>
                      m.desk.preload(),
                    ),
                  ]).then(([screen]) => screen),
                ),
              },
            ],
          },
          { path: "settings", ...page(() => import("../features/settings/settings-page")) },
          { path: "songs", ...page(() => import("../features/songs/songs-page")) },
          { path: "list", ...page(() => import("../features/songs/songs-page")) },
          { path: "song/:id", ...page(() => import("../features/songs/song-detail-page")) },
          { path: "releases", ...page(() => import("../features/releases/releases-page")) },
          {
            path: "releases/new",
            ...page(() => import("../features/releases/new-release-page")),
          },
          { path: "releases/:id", ...page(() => import("../features/releases/release-page")) },
          {
            // "Ask about this song": the chat decides where the question goes.
            path: "song/:id/ask",
            ...page(() => import("../features/conversations/artist/ask-about-song-page")),
          },
          {
            // "Ask about this release": the same screen, with a quote of the release.
            path: "releases/:id/ask",
            ...page(() => import("../features/conversations/artist/ask-about-song-page")),
          },
          { path: "desk/songs", ...page(() => import("../features/songs/desk/song-desk-page")) },
          {
            // The review desk: agents only, behind one small stub, so the entry
            // every artist loads names one chunk, not the screens' own.
            path: "desk/releases",
            ...page(() =>
              import("../features/releases/desk/lazy-desk-releases").then((m) => m.queue()),
            ),
          },
          {
            path: "desk/releases/:id",
            ...page(() =>
              import("../features/releases/desk/lazy-desk-releases").then((m) => m.review()),
            ),
          },
          {
            path: "saved-replies",
            ...page(() => import("../features/saved-replies/saved-replies-page")),
          },
          {
            path: "desk/songs/new",
            ...page(() => import("../features/songs/desk/song-editor-page")),
          },
          {
            path: "desk/songs/:id",
            ...page(() => import("../features/songs/desk/song-editor-page")),
          },
          {
            // The finance desk (issue 46): finance agents only (RequireFinance in each page).
            path: "desk/statements",
            ...page(() => import("../features/statements/statements-page")),
          },
          {
            path: "desk/statements/:id",
            ...page(() => import("../features/statements/statement-page")),
          },
          {
            path: "desk/artists",
            ...page(() => import("../features/desk-artists/desk-artists-page")),
          },
          { path: "wallet", ...page(() => import("../features/wallet/wallet-page")) },
          {
            // The charts (uPlot) come with this screen only.
            path: "wallet/earnings",
            ...page(() => import("../features/wallet/earnings-page")),
          },
          {
            path: "wallet/tax",
            ...page(() => import("../features/wallet/tax-page")),
          },
          {
            // The payouts desk (issue 47): finance agents only (RequireFinance in the page).
            path: "desk/payouts",
            ...page(() => import("../features/payouts-desk/payouts-page")),
          },
          {
            path: "wallet/payout-details",
            ...page(() => import("../features/payout-details/payout-details-page")),
          },
          { path: "wallet/splits", ...page(() => import("../features/splits/splits-page")) },
          { path: "*", ...page(() => import("./not-found-page")) },
        ],
      },
    ],
  },
];

/** The screen for the current URL. */
export function AppRoutes() {
  useScreenTitle();
  return useRoutes(routes);
}

/**
 * Loads the screens `pathname` shows (every lazy level), so the first render
 * or hydration needs no Suspense round. Resolves even if one fails: the route
 * then loads on render and its error boundary tells the user.
 */
export async function preloadRoute(pathname: string): Promise<void> {
  const matches = matchRoutes(routes, pathname) ?? [];
  const loads: Promise<void>[] = [];
  for (const { route } of matches) {
    const handle = route.handle as PageHandle | undefined;
    if (handle) loads.push(handle.preload());
  }
  await Promise.allSettled(loads);
}
