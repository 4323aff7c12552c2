import type { QueryClient } from "@tanstack/react-query";

/** The longest the live link waits for a screen's answers: a slow one must not hold it up. */
export const SCREEN_ANSWER_WAIT_MS = 3000;

/**
 * Resolves once no query is fetching (the screen's first answers are in and
 * rendered) and the browser then has a moment to spare, or after `capMs`.
 * The live link waits for it: its code, its connection and its first resync
 * are worth nothing before the screen shows its data, and on a slow phone
 * they competed with that data and with the images it names.
 */
export function screenAnswered(
  queryClient: QueryClient,
  capMs: number = SCREEN_ANSWER_WAIT_MS,
): Promise<void> {
  return new Promise((resolve) => {
    let done = false;
    const finish = () => {
      if (done) return;
      done = true;
      unsubscribe();
      clearTimeout(cap);
      resolve();
    };
    const cap = setTimeout(finish, capMs);
    const whenIdle = () => {
      // React Query tells its observers in a timeout: after it, the answers have rendered.
      if (typeof requestIdleCallback === "function") requestIdleCallback(finish, { timeout: 500 });
      else setTimeout(finish, 0);
    };
    const check = () => {
      if (queryClient.isFetching() === 0) whenIdle();
    };
    const unsubscribe = queryClient.getQueryCache().subscribe(check);
    check();
  });
}
