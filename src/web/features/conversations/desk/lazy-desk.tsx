import { Spinner } from "../../../components/spinner";
import { lazyModule } from "../../../lib/lazy-module";

/**
 * The desk's chunk (desk-parts.ts), fetched the first time an agent's screen
 * shows one of its parts; the /inbox/ route fetches it beside its screen
 * (routes.tsx), so an agent opening a conversation waits for nothing more.
 */
export const desk = lazyModule(() => import("./desk-parts"));

export const LazyDeskInbox = desk.part(
  (m) => m.DeskInbox,
  <Spinner label="Loading the inbox…" className="flex-1 p-6" />,
);
export const LazyDeskInboxData = desk.part((m) => m.DeskInboxData);
export const LazyDeskControls = desk.part((m) => m.DeskControls);
export const LazyArtistProfile = desk.part((m) => m.ArtistProfile);
export const LazyArtistProfileButton = desk.part((m) => m.ArtistProfileButton);
export const LazyDeskComposer = desk.part(
  (m) => m.DeskComposer,
  // The composer's height, so the conversation above does not jump when it arrives.
  <Spinner
    label="Loading the composer…"
    className="min-h-24 shrink-0 border-t border-slate-200 dark:border-slate-800"
  />,
);
