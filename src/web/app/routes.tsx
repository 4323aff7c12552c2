import type { RouteObject } from "react-router";
import { AppShell } from "./app-shell";
import { RequireSignedIn, RequireSignedOut } from "./route-guards";

/** Each screen is its own chunk so the first route loads only what it shows. */
const lazyPage = (load: () => Promise<{ default: React.ComponentType }>) => async () => ({
  Component: (await load()).default,
});

/**
 * The route table, shared by the browser router (router.ts) and the build-time
 * prerender of the public screens (scripts/prerender.tsx).
 */
export const routes: RouteObject[] = [
  // Reached from emails, signed in or not.
  {
    path: "/forgot-password",
    lazy: lazyPage(() => import("../features/auth/forgot-password-page")),
  },
  {
    path: "/reset-password",
    lazy: lazyPage(() => import("../features/auth/reset-password-page")),
  },
  { path: "/unsubscribe", lazy: lazyPage(() => import("../features/mail/unsubscribe-page")) },
  {
    element: <RequireSignedOut />,
    children: [
      { path: "/login", lazy: lazyPage(() => import("../features/auth/login-page")) },
      { path: "/register", lazy: lazyPage(() => import("../features/auth/register-page")) },
    ],
  },
  {
    element: <RequireSignedIn />,
    children: [
      // Account sub-screens stand outside the shell (spec route table).
      {
        path: "/change-password",
        lazy: lazyPage(() => import("../features/account/change-password-page")),
      },
      {
        path: "/manage-account",
        lazy: lazyPage(() => import("../features/account/manage-account-page")),
      },
      {
        path: "/artist-account",
        lazy: lazyPage(() => import("../features/artist-account/artist-account-page")),
      },
      {
        path: "/",
        element: <AppShell />,
        children: [
          {
            lazy: lazyPage(() => import("../features/chat/chat-layout")),
            children: [
              { index: true, lazy: lazyPage(() => import("../features/chat/chat-home")) },
              {
                path: "chat/:peerId",
                lazy: lazyPage(() => import("../features/chat/conversation-page")),
              },
              {
                path: "inbox/:peerId",
                lazy: lazyPage(() => import("../features/chat/conversation-page")),
              },
            ],
          },
          { path: "settings", lazy: lazyPage(() => import("../features/settings/settings-page")) },
          { path: "songs", lazy: lazyPage(() => import("../features/songs/songs-page")) },
          { path: "list", lazy: lazyPage(() => import("../features/songs/songs-page")) },
          {
            path: "song/:id",
            lazy: lazyPage(() => import("../features/songs/song-detail-page")),
          },
          {
            // "Ask about this song": the chat decides where the question goes.
            path: "song/:id/ask",
            lazy: lazyPage(() => import("../features/chat/ask/ask-about-song-page")),
          },
          {
            path: "desk/songs",
            lazy: lazyPage(() => import("../features/songs/desk/song-desk-page")),
          },
          {
            path: "desk/songs/new",
            lazy: lazyPage(() => import("../features/songs/desk/song-editor-page")),
          },
          {
            path: "desk/songs/:id",
            lazy: lazyPage(() => import("../features/songs/desk/song-editor-page")),
          },
          { path: "wallet", lazy: lazyPage(() => import("../features/wallet/wallet-page")) },
          { path: "*", lazy: lazyPage(() => import("./not-found-page")) },
        ],
      },
    ],
  },
];
