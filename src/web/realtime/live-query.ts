import type { Query } from "@tanstack/react-query";

/**
 * Marks a query as a live view: the realtime layer's one resync rule (after
 * any reconnect, a "sync:required" from the server, or a detected seq gap)
 * fetches every such query again. Spread into a query's options:
 * `useQuery({ queryKey, queryFn, ...liveQuery })`.
 */
export const liveQuery = { meta: { live: true } } as const;

export function isLiveQuery(query: Query): boolean {
  return query.meta?.["live"] === true;
}
