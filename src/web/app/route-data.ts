import { contactsUrl } from "../features/conversations/api/get-contacts";
import { deskInboxUrl } from "../features/conversations/desk/desk-api";
import { deskUnreadUrl } from "../features/conversations/api/unread-total";
import { roomMessagesUrl } from "../features/conversations/api/get-messages";
import { accountSessionsUrl } from "../features/sessions/api/sessions";
import { mailPreferencesUrl } from "../features/settings/api/mail-preferences";
import { ownAvailabilityUrl } from "../features/settings/api/availability";
import { deskSongsUrl } from "../features/songs/api/get-desk-songs";
import { mySongsUrl } from "../features/songs/api/get-my-songs";
import { songCountsUrl } from "../features/songs/api/get-song-counts";
import { songNoticesUrl } from "../features/songs/api/get-song-notices";
import { songUrl } from "../features/songs/api/open-song";
import { releasesUrl } from "../features/releases/api/get-releases";
import { deskReleaseUrl, deskReleasesUrl } from "../features/releases/desk/desk-release-keys";
import { savedRepliesUrl } from "../features/saved-replies/api/saved-replies";
import { payoutDetailsUrl } from "../features/payout-details/api/payout-details";
import { mySplitsUrl } from "../features/splits/api/splits";
import { earningsUrl, walletTransactionsUrl, walletUrl } from "../features/wallet/api/wallet-keys";

/** The API answers a signed-in screen asks for first, for each role that sees it. */
export type RouteData = Partial<Record<"artist" | "agent", string[]>>;

/**
 * Stands for a route parameter in an address: the server puts the request's
 * value there. Made of characters encodeURIComponent keeps as they are.
 */
export const routeParam = (name: string) => `__${name}__`;

/**
 * Parameters an address may name that its route does not hold, each with the
 * route parameter it is found from. The server looks them up for the visitor
 * (src/server/app.ts; today a conversation's room from its peer, covered by
 * web-pages.integration.test.ts) and leaves the address out when it finds
 * none or knows no such name.
 */
export const derivedParams: Readonly<Record<string, string>> = { roomId: "peerId" };

/** What the app's frame asks for on every signed-in screen: the unread badge, the songs' dot. */
const frame: RouteData = {
  artist: [contactsUrl(""), songNoticesUrl],
  agent: [deskUnreadUrl],
};

const withFrame = (own: RouteData): RouteData => ({
  ...(own.artist ? { artist: [...own.artist, ...frame.artist!] } : {}),
  ...(own.agent ? { agent: [...own.agent, ...frame.agent!] } : {}),
});

/**
 * Read by the build (scripts/build/prerender.tsx writes it into pages/routes.json)
 * and by nothing in the browser: the server sends these addresses in a `Link`
 * preload header with a signed-in visitor's page (a request without a query
 * string: the screens' default filters), so each screen's data downloads
 * beside its entry script instead of after it. Built from the same address
 * functions the screens fetch with, so the fetch takes the preloaded answer.
 * A role a route would send elsewhere (an agent on /songs) gets nothing.
 */
export const routeData: Record<string, RouteData> = {
  "/": withFrame({ artist: [], agent: [deskInboxUrl("mine", "")] }),
  // The conversation's room, when it exists, is looked up by the server for
  // the visitor (src/server/features/conversations/repositories/page-room.ts): its messages load
  // beside the room's opening instead of after it.
  "/chat/:peerId": withFrame({ artist: [roomMessagesUrl(routeParam("roomId"))] }),
  "/inbox/:peerId": withFrame({
    agent: [deskInboxUrl("mine", ""), roomMessagesUrl(routeParam("roomId"))],
  }),
  "/songs": withFrame({ artist: [mySongsUrl({}), songCountsUrl("")] }),
  "/list": withFrame({ artist: [mySongsUrl({}), songCountsUrl("")] }),
  "/song/:id": withFrame({ artist: [songUrl(routeParam("id"))] }),
  "/releases": withFrame({ artist: [releasesUrl] }),
  "/wallet": withFrame({ artist: [walletUrl, walletTransactionsUrl()] }),
  "/wallet/earnings": withFrame({ artist: [earningsUrl("last12")] }),
  "/wallet/payout-details": withFrame({ artist: [payoutDetailsUrl] }),
  "/wallet/splits": withFrame({ artist: [mySplitsUrl] }),
  "/settings": withFrame({
    artist: [mailPreferencesUrl, accountSessionsUrl],
    agent: [ownAvailabilityUrl, mailPreferencesUrl, accountSessionsUrl],
  }),
  "/desk/songs": withFrame({ agent: [deskSongsUrl({})] }),
  "/desk/releases": withFrame({ agent: [deskReleasesUrl("submitted", "")] }),
  "/desk/releases/:id": withFrame({ agent: [deskReleaseUrl(routeParam("id"))] }),
  "/saved-replies": withFrame({ agent: [savedRepliesUrl] }),
  // The finance desk (/desk/statements, /desk/artists) has none: the preloads
  // know artists and agents, not finance, and a support agent's would go unused.
};
