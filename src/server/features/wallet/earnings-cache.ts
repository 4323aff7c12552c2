import { LRUCache } from "lru-cache";
import type { EarningsSum } from "./wallet-repository";

const MAX_ENTRIES = 4_000;
/** A safety net: a posting's event evicts at once; a lost one is stale this long at most. */
const TTL_MS = 5 * 60_000;

/**
 * An artist's earnings sums, per range of months and dimension, kept by
 * this instance: a breakdown over 100,000 entries is a few GROUP BYs, and
 * the earnings page and song cards ask for the same sums again and again.
 * A new posting for the artist (`forget`, on every instance) moves the
 * artist's generation, which is part of every key: older sums are never
 * read again, and a sum computed while the posting landed is not kept.
 */
export class EarningsCache {
  private readonly entries = new LRUCache<string, EarningsSum[]>({ max: MAX_ENTRIES, ttl: TTL_MS });
  private readonly generations = new Map<string, number>();

  async get(
    artistId: string,
    key: string,
    load: () => Promise<EarningsSum[]>,
  ): Promise<EarningsSum[]> {
    const generation = this.generations.get(artistId) ?? 0;
    const cacheKey = `${artistId}|${generation}|${key}`;
    const hit = this.entries.get(cacheKey);
    if (hit) return hit;
    const value = await load();
    if ((this.generations.get(artistId) ?? 0) === generation) this.entries.set(cacheKey, value);
    return value;
  }

  forget(artistIds: readonly string[]): void {
    for (const id of artistIds) this.generations.set(id, (this.generations.get(id) ?? 0) + 1);
  }
}
