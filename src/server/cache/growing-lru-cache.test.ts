import v8 from "node:v8";
import { describe, expect, it } from "vitest";
import { growingLruCache } from "./growing-lru-cache";

describe("growingLruCache", () => {
  it("keeps at most its number of entries, dropping the least recently used", () => {
    const cache = growingLruCache<string, number>(2);
    cache.set("a", 1);
    cache.set("b", 2);
    expect(cache.get("a")).toBe(1); // b is now the least recently used
    cache.set("c", 3);
    expect([...cache.keys()].sort()).toEqual(["a", "c"]);
    expect(cache.size).toBe(2);
  });

  it("passes lru-cache's other options through (a TTL, a dispose hook)", () => {
    let now = 5_000;
    const disposed: string[] = [];
    const cache = growingLruCache<string, number>(10, {
      ttl: 1_000,
      ttlResolution: 0,
      perf: { now: () => now },
      dispose: (_value, key) => disposed.push(key),
    });
    cache.set("a", 1);
    now = 5_999;
    expect(cache.get("a")).toBe(1);
    now = 6_001;
    expect(cache.get("a")).toBeUndefined();
    expect(disposed).toEqual(["a"]);
  });

  it("allocates nothing for entries it does not hold", () => {
    // lru-cache given `max` allocates every slot: 100 caches of 50,000 with a
    // TTL would take about 160 MB of heap at once.
    const before = v8.getHeapStatistics().used_heap_size;
    const caches = Array.from({ length: 100 }, () =>
      growingLruCache<string, number>(50_000, { ttl: 60_000 }),
    );
    const grown = v8.getHeapStatistics().used_heap_size - before;
    expect(caches).toHaveLength(100);
    expect(grown).toBeLessThan(8 * 1024 * 1024);
  });
});
