import { describe, expect, it } from "vitest";
import { SongPageCache } from "./song-page-cache";

describe("SongPageCache", () => {
  it("keeps pages per artist and drops only that artist's", () => {
    const cache = new SongPageCache();
    cache.set("a", "", "page a1", cache.begin());
    cache.set("a", "c2", "page a2", cache.begin());
    cache.set("b", "", "page b1", cache.begin());
    expect(cache.get("a", "c2")).toBe("page a2");
    cache.drop("a");
    expect(cache.get("a", "")).toBeUndefined();
    expect(cache.get("b", "")).toBe("page b1");
  });

  it("never stores a page read before a change that happened meanwhile", () => {
    const cache = new SongPageCache();
    const startedAt = cache.begin();
    cache.drop("a");
    cache.set("a", "", "stale page", startedAt);
    expect(cache.get("a", "")).toBeUndefined();
  });

  it("forgets the least recently read artist past its bound, and caps pages per artist", () => {
    const cache = new SongPageCache(2, 1);
    cache.set("a", "", "a", cache.begin());
    cache.set("b", "", "b", cache.begin());
    expect(cache.get("a", "")).toBe("a");
    cache.set("c", "", "c", cache.begin());
    expect(cache.size).toBe(2);
    expect(cache.get("b", "")).toBeUndefined();
    expect(cache.get("a", "")).toBe("a");
    cache.set("a", "next", "a2", cache.begin());
    expect(cache.get("a", "next")).toBeUndefined();
  });
});
