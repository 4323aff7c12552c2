import { LRUCache } from "lru-cache";

const MAX_ENTRIES = 4_000;

/**
 * What this instance keeps of artists' earnings, per artist: the sums per
 * range of months and dimension, and the breakdowns' answers. A breakdown
 * over 100,000 entries is a few GROUP BYs, and it is asked again at every
 * visit, period switch and song card. (The balance is never kept: it must
 * show a statement imported from the shell at once; decision 115.)
 * A posting for the artist (`forget`, heard on every instance) moves the
 * artist's generation, which is part of every key: older values are never
 * read again, and a value read while a posting landed is not kept. The TTL
 * bounds what an event that never came leaves behind (a process killed
 * after its commit, an import from the shell).
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- lru-cache's own bound: any value but null and undefined
export class EarningsCache<V extends {}> {
  private readonly entries: LRUCache<string, V>;
  private readonly generations = new Map<string, number>();

  /** `now` (milliseconds) is the TTL's clock; tests give their own. */
  constructor(ttlMs: number, now: () => number = () => performance.now()) {
    // ttlResolution 0: the clock is read on each check (lru-cache would keep it for 1 ms).
    this.entries = new LRUCache<string, V>({
      max: MAX_ENTRIES,
      ttl: ttlMs,
      ttlResolution: 0,
      perf: { now },
    });
  }

  async get(artistId: string, key: string, load: () => Promise<V>): Promise<V> {
    const generation = this.generations.get(artistId) ?? 0;
    const cacheKey = `${artistId}|${generation}|${key}`;
    const hit = this.entries.get(cacheKey);
    if (hit !== undefined) return hit;
    const value = await load();
    if ((this.generations.get(artistId) ?? 0) === generation) this.entries.set(cacheKey, value);
    return value;
  }

  forget(artistIds: readonly string[]): void {
    for (const id of artistIds) this.generations.set(id, (this.generations.get(id) ?? 0) + 1);
  }
}
