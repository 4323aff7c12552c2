import { useCallback, useSyncExternalStore } from "react";

/** Tailwind's `md` breakpoint (48rem): the chat's list and conversation side by side. */
export const TWO_PANES = "(min-width: 48rem)";

/**
 * Tailwind's `lg` breakpoint (64rem): the layout where an agent's conversation
 * has the artist's profile beside it.
 */
export const WIDE_LAYOUT = "(min-width: 64rem)";

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
      if (typeof window.matchMedia !== "function") return () => undefined;
      const list = window.matchMedia(query);
      list.addEventListener("change", onChange);
      return () => list.removeEventListener("change", onChange);
    },
    [query],
  );
  return useSyncExternalStore(
    subscribe,
    () => typeof window.matchMedia === "function" && window.matchMedia(query).matches,
    () => false,
  );
}
