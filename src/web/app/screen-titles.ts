import { useEffect } from "react";
import { matchPath, useLocation } from "react-router";
import { setScreenTitle } from "../lib/document-title";

/** A screen's name as each role sees it; one string when both see the same. */
type Title = string | { artist: string; agent: string };

/**
 * Each route's name in the tab (and in a screen reader's window list):
 * "Songs · Artist Portal". A literal path before a parameter one it also
 * matches (releases/new before releases/:id).
 */
const TITLES: readonly (readonly [pattern: string, title: Title])[] = [
  ["/login", "Sign in"],
  ["/register", "Create account"],
  ["/forgot-password", "Forgot password"],
  ["/reset-password", "Choose a new password"],
  ["/unsubscribe", "Unread-message emails"],
  ["/undo-email-change", "Undo the email change"],
  ["/splits/invite/:token", "Split invitation"],
  ["/change-password", "Change Password"],
  ["/manage-account", "Manage Account"],
  ["/artist-account", "Artist Account"],
  ["/", { artist: "Chats", agent: "Inbox" }],
  ["/chat/:peerId", "Chat"],
  ["/inbox/:peerId", "Inbox"],
  ["/settings", "Settings"],
  ["/songs", "Songs"],
  ["/list", "Songs"],
  ["/song/:id/ask", "Ask about a song"],
  ["/song/:id", "Song"],
  ["/releases", "Releases"],
  ["/releases/new", "New release"],
  ["/releases/:id/ask", "Ask about a release"],
  ["/releases/:id", "Release"],
  ["/desk/songs", "Song desk"],
  ["/desk/songs/new", "New song"],
  ["/desk/songs/:id", "Edit song"],
  ["/desk/releases", "Releases to review"],
  ["/desk/releases/:id", "Release review"],
  ["/saved-replies", "Saved replies"],
  ["/desk/statements", "Statements"],
  ["/desk/statements/:id", "Statement"],
  ["/desk/artists", "Artists"],
  ["/desk/payouts", "Payouts"],
  ["/wallet", "Wallet"],
  ["/wallet/earnings", "Earnings"],
  ["/wallet/tax", "Tax summary"],
  ["/wallet/payout-details", "Payout details"],
  ["/wallet/splits", "Splits"],
];

/** The screen's name at `pathname`, for an artist and for an agent. */
export function screenTitle(pathname: string): { artist: string; agent: string } {
  const found = TITLES.find(([pattern]) => matchPath(pattern, pathname));
  const title = found ? found[1] : "Page not found";
  return typeof title === "string" ? { artist: title, agent: title } : title;
}

/** Names the tab after the screen on every navigation (lib/document-title.ts composes it). */
export function useScreenTitle(): void {
  const { pathname } = useLocation();
  useEffect(() => setScreenTitle(screenTitle(pathname)), [pathname]);
}
