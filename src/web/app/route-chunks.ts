/**
 * Which lazy modules each route renders, for the build tools (size budget,
 * per-route preload pages). The route table (routes.tsx) keeps literal `import()` calls so
 * Vite can split them; route-chunks.test.ts keeps the two lists in step.
 * Paths are relative to the repo root, as Vite's manifest names them.
 */
export interface RouteChunks {
  /** React Router path pattern, as in routes.tsx. */
  path: string;
  /** Lazy route modules the route renders, outermost first. */
  modules: string[];
  /**
   * Modules the route imports beside its screens or right after its first
   * render (still before interactive), preloaded by its built page too.
   */
  afterRender?: string[];
  /** Rendered to static HTML at build time (public screens only). */
  prerender?: boolean;
}

const conversations = "src/web/features/conversations/";
const songs = "src/web/features/songs/";
const releases = "src/web/features/releases/";
/** The live link's client, imported right after the first render (realtime-client.ts). */
const socketClient = "src/web/realtime/socket-io.ts";

export const routeChunks: RouteChunks[] = [
  { path: "/forgot-password", modules: ["src/web/features/auth/forgot-password-page.tsx"] },
  { path: "/reset-password", modules: ["src/web/features/auth/reset-password-page.tsx"] },
  { path: "/unsubscribe", modules: ["src/web/features/mail/unsubscribe-page.tsx"] },
  {
    path: "/undo-email-change",
    modules: ["src/web/features/account/undo/undo-email-change-page.tsx"],
  },
  { path: "/splits/invite/:token", modules: ["src/web/features/splits/split-invite-page.tsx"] },
  { path: "/login", modules: ["src/web/features/auth/login-page.tsx"], prerender: true },
  { path: "/register", modules: ["src/web/features/auth/register-page.tsx"], prerender: true },
  {
    path: "/change-password",
    modules: ["src/web/features/account/change-password-page.tsx"],
  },
  { path: "/manage-account", modules: ["src/web/features/account/manage-account-page.tsx"] },
  {
    path: "/artist-account",
    modules: ["src/web/features/profile/profile-page.tsx"],
  },
  {
    path: "/",
    modules: [`${conversations}chat-layout.tsx`, `${conversations}chat-home.tsx`],
    afterRender: [socketClient],
  },
  {
    path: "/chat/:peerId",
    modules: [`${conversations}chat-layout.tsx`, `${conversations}conversation-page.tsx`],
    afterRender: [socketClient],
  },
  {
    path: "/inbox/:peerId",
    modules: [
      `${conversations}chat-layout.tsx`,
      `${conversations}conversation-page.tsx`,
      `${conversations}desk/lazy-desk.tsx`,
    ],
    // The desk's chunk, which lazy-desk.tsx loads beside the screen.
    afterRender: [`${conversations}desk/desk-parts.ts`, socketClient],
  },
  { path: "/settings", modules: ["src/web/features/settings/settings-page.tsx"] },
  { path: "/songs", modules: [`${songs}songs-page.tsx`] },
  { path: "/list", modules: [`${songs}songs-page.tsx`] },
  { path: "/song/:id", modules: [`${songs}song-detail-page.tsx`] },
  { path: "/releases", modules: [`${releases}releases-page.tsx`] },
  { path: "/releases/new", modules: [`${releases}new-release-page.tsx`] },
  { path: "/releases/:id", modules: [`${releases}release-page.tsx`] },
  { path: "/song/:id/ask", modules: [`${conversations}artist/ask-about-song-page.tsx`] },
  { path: "/releases/:id/ask", modules: [`${conversations}artist/ask-about-song-page.tsx`] },
  { path: "/desk/songs", modules: [`${songs}desk/song-desk-page.tsx`] },
  {
    path: "/desk/releases",
    modules: [`${releases}desk/lazy-desk-releases.ts`],
    // The screen the stub loads (lazy-desk-releases.ts).
    afterRender: [`${releases}desk/desk-releases-page.tsx`, socketClient],
  },
  {
    path: "/desk/releases/:id",
    modules: [`${releases}desk/lazy-desk-releases.ts`],
    afterRender: [`${releases}desk/desk-release-page.tsx`, socketClient],
  },
  { path: "/saved-replies", modules: ["src/web/features/saved-replies/saved-replies-page.tsx"] },
  { path: "/desk/songs/new", modules: [`${songs}desk/song-editor-page.tsx`] },
  { path: "/desk/songs/:id", modules: [`${songs}desk/song-editor-page.tsx`] },
  { path: "/desk/statements", modules: ["src/web/features/statements/statements-page.tsx"] },
  {
    path: "/desk/statements/:id",
    modules: ["src/web/features/statements/statement-page.tsx"],
  },
  { path: "/desk/artists", modules: ["src/web/features/desk-artists/desk-artists-page.tsx"] },
  { path: "/wallet", modules: ["src/web/features/wallet/wallet-page.tsx"] },
  { path: "/wallet/earnings", modules: ["src/web/features/wallet/earnings-page.tsx"] },
  { path: "/wallet/tax", modules: ["src/web/features/wallet/tax-page.tsx"] },
  { path: "/desk/payouts", modules: ["src/web/features/payouts-desk/payouts-page.tsx"] },
  {
    path: "/wallet/payout-details",
    modules: ["src/web/features/payout-details/payout-details-page.tsx"],
  },
  { path: "/wallet/splits", modules: ["src/web/features/splits/splits-page.tsx"] },
];
