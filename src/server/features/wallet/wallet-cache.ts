import type { LRUCache } from "lru-cache";
import { growingLruCache } from "../../cache/growing-lru-cache";

const MAX_ENTRIES = 4_000;

/**
 * What this instance keeps of artists' wallets, per artist: earnings sums
 * per range of months and dimension, the breakdowns' answers, and (while
 * the database's notices are heard) the summary. A breakdown over 100,000
 * entries is a few GROUP BYs, and the wallet is asked again at every visit,
 * period switch and song card.
 * A posting for the artist (`forget`, heard on every instance) moves the
 * artist's generation, and a database notice (`forgetAll`, any process's
 * commit) moves everyone's; both are part of every key: older values are
 * never read again, and a value read while a posting landed is not kept.
 * The TTL bounds what an event that never came leaves behind.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- lru-cache's own bound: any value but null and undefined
export class WalletCache<V extends {}> {
  private readonly entries: LRUCache<string, V>;
  private readonly generations = new Map<string, number>();
  private epoch = 0;

  /** `now` (milliseconds) is the TTL's clock; tests give their own. */
  constructor(ttlMs: number, now: () => number = () => performance.now()) {
    // ttlResolution 0: the clock is read on each check (lru-cache would keep it for 1 ms).
    this.entries = growingLruCache<string, V>(MAX_ENTRIES, {
      ttl: ttlMs,
      ttlResolution: 0,
      perf: { now },
    });
  }

  async get(artistId: string, key: string, load: () => Promise<V>): Promise<V> {
    const generation = this.generationOf(artistId);
    const cacheKey = `${generation}|${artistId}|${key}`;
    const hit = this.entries.get(cacheKey);
    if (hit !== undefined) return hit;
    const value = await load();
    if (this.generationOf(artistId) === generation) this.entries.set(cacheKey, value);
    return value;
  }

  forget(artistIds: readonly string[]): void {
    for (const id of artistIds) this.generations.set(id, (this.generations.get(id) ?? 0) + 1);
  }

  /** Everyone's values go (a change the database told of without naming whose). */
  forgetAll(): void {
    this.epoch += 1;
    this.entries.clear();
  }

  private generationOf(artistId: string): string {
    return `${this.epoch}.${this.generations.get(artistId) ?? 0}`;
  }
}
