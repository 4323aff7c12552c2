import { useCallback, useSyncExternalStore } from "react";

/** Tailwind's `md` breakpoint (48rem): the chat's list and conversation side by side. */
export const TWO_PANES = "(min-width: 48rem)";

/**
 * Tailwind's `xl` breakpoint (80rem): the layout where an agent's conversation
 * has the artist's profile beside it. Narrower, the side nav, the inbox and
 * the profile left the conversation under 200 px (decision 090).
 */
export const WIDE_LAYOUT = "(min-width: 80rem)";

/**
 * Whether the viewport matches a media query now, following it as the window
 * is resized. Lets a screen leave out what its CSS would hide at this width
 * (and the requests and images that come with it), instead of rendering it
 * hidden. A browser without matchMedia (none the portal supports; jsdom) and
 * the prerendered page count as not matching.
 */
export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      const list = mediaList(query);
      list?.addEventListener("change", onChange);
      return () => list?.removeEventListener("change", onChange);
    },
    [query],
  );
  return useSyncExternalStore(
    subscribe,
    () => mediaList(query)?.matches ?? false,
    () => false,
  );
}

/** One MediaQueryList per query: the snapshot is read on every render. */
const lists = new Map<string, MediaQueryList>();
function mediaList(query: string): MediaQueryList | undefined {
  if (typeof window.matchMedia !== "function") return undefined;
  let list = lists.get(query);
  if (!list) {
    list = window.matchMedia(query);
    lists.set(query, list);
  }
  return list;
}
