import type { Query, QueryCacheNotifyEvent, QueryClient } from "@tanstack/react-query";
import { isLiveQuery } from "./live-query";

/** Where the tab is: a page's Link preloads were for the address it was loaded at. */
export function currentAddress(): string {
  return typeof location === "undefined" ? "" : location.href;
}

/**
 * Called when the live link first comes up; returns how to stop.
 *
 * The page preloads its first answers with its HTML (route-data.ts), so a
 * preloaded answer is as old as the page, and the link comes up later
 * (screenAnswered). A live query that first fetches after the link is up (a
 * conversation's messages, once its room is open) may get that answer, read
 * before the link joined its channels, and the first connect's resync ran
 * before the query existed: a message sent in between never showed. So,
 * while the tab is still at the address its preloads were for, each live
 * query's first answer that lands after the link came up is fetched once
 * more (a catch-up: the messages ask only for what came after).
 */
export function checkFirstAnswersAfterLink(
  queryClient: QueryClient,
  firstAddress: string,
): () => void {
  if (currentAddress() !== firstAddress) return () => undefined;
  const cache = queryClient.getQueryCache();
  const answeredBefore = new Set<Query>(cache.getAll().filter((q) => q.state.data !== undefined));
  const checked = new WeakSet<Query>();
  const onEvent = (event: QueryCacheNotifyEvent) => {
    if (currentAddress() !== firstAddress) return unsubscribe();
    if (event.type !== "updated" || event.action.type !== "success" || event.action.manual) return;
    // The cache hands out its queries untyped; only their meta and key are read.
    const query = event.query as Query;
    if (!isLiveQuery(query) || answeredBefore.has(query) || checked.has(query)) return;
    checked.add(query);
    void queryClient.invalidateQueries({ queryKey: query.queryKey, exact: true });
  };
  const unsubscribe = cache.subscribe(onEvent);
  return unsubscribe;
}
