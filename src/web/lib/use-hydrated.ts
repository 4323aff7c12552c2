import { useSyncExternalStore } from "react";

const noSubscription = () => () => undefined;

/**
 * False in the prerendered HTML and during hydration, true once React owns
 * the page: a prerendered form's submit waits for it, so nothing typed or
 * sent before then is lost to the browser's own form handling.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}
