import { LRUCache } from "lru-cache";

/** lru-cache's own bound on keys and values: anything but null and undefined. */
type Present = string | number | bigint | boolean | symbol | object;

/** lru-cache's options, less the bounds this module sets. */
export type GrowingLruOptions<K extends Present, V extends Present> = Omit<
  LRUCache.OptionsMaxLimit<K, V, unknown>,
  "max" | "maxSize" | "sizeCalculation" | "maxEntrySize"
>;

/**
 * A least-recently-used cache of at most `entries` entries whose storage
 * grows as they arrive. Given `max`, lru-cache allocates every slot at
 * construction: four arrays of 50,000 for a cache with a TTL, 1.6 MB of heap
 * and about 10 ms on this host, for caches that hold a handful of entries
 * until the portal is busy (start-up and idle memory, issue 48; the
 * portal's caches took 70 ms of its start and 10 MB of its idle heap).
 * Bounded by size instead, each entry counting 1, it allocates on demand;
 * reads are as before, each write adds a size check.
 */
export function growingLruCache<K extends Present, V extends Present>(
  entries: number,
  options: GrowingLruOptions<K, V> = {},
): LRUCache<K, V> {
  return new LRUCache<K, V>({ ...options, maxSize: entries, sizeCalculation: () => 1 });
}
