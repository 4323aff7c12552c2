import type { QueryClient } from "@tanstack/react-query";

/** The longest the live link waits for a screen's answers: a slow one must not hold it up. */
export const SCREEN_ANSWER_WAIT_MS = 3000;

/**
 * Resolves once nothing is loading (no query fetching, no request such as a
 * conversation's opening in flight) and the browser then has a moment to
 * spare with still nothing loading, or after `capMs`. The live link waits
 * for it: its code, its connection and its first resync are worth nothing
 * before the screen shows its data, and on a slow phone they competed with
 * that data and with the images it names.
 */
export function screenAnswered(
  queryClient: QueryClient,
  capMs: number = SCREEN_ANSWER_WAIT_MS,
): Promise<void> {
  return new Promise((resolve) => {
    let done = false;
    let scheduled = false;
    const quiet = () => queryClient.isFetching() === 0 && queryClient.isMutating() === 0;
    const finish = () => {
      if (done) return;
      done = true;
      unsubscribe();
      clearTimeout(cap);
      resolve();
    };
    const cap = setTimeout(finish, capMs);
    // A query that answered may enable the next (the messages after the room
    // opened): still quiet once the browser is idle, or wait for the next change.
    const whenIdle = () => {
      scheduled = false;
      if (quiet()) finish();
    };
    const check = () => {
      if (done || scheduled || !quiet()) return;
      scheduled = true;
      if (typeof requestIdleCallback === "function")
        requestIdleCallback(whenIdle, { timeout: 500 });
      else setTimeout(whenIdle, 0);
    };
    const unsubscribeQueries = queryClient.getQueryCache().subscribe(check);
    const unsubscribeMutations = queryClient.getMutationCache().subscribe(check);
    const unsubscribe = () => {
      unsubscribeQueries();
      unsubscribeMutations();
    };
    check();
  });
}
