import { describe, expect, it } from "vitest";
import { SongDetailCache, type CachedSong } from "./song-detail-cache";

const DAY = 24 * 60 * 60 * 1000;
const record = (artistId: string, body: string, validUntil = Infinity): CachedSong => ({
  artistId,
  body,
  etag: `"${body}"`,
  validUntil,
});

describe("SongDetailCache", () => {
  it("keeps records per song and drops only the one that changed", () => {
    const cache = new SongDetailCache();
    cache.set("s1", record("a", "one"), cache.begin("s1"));
    cache.set("s2", record("a", "two"), cache.begin("s2"));
    expect(cache.get("s1")?.body).toBe("one");
    cache.drop("s1");
    expect(cache.get("s1")).toBeUndefined();
    expect(cache.get("s2")?.body).toBe("two");
  });

  it("never stores a record read before a change of that song that happened meanwhile", () => {
    const cache = new SongDetailCache();
    const stale = cache.begin("s1");
    const unrelated = cache.begin("s2");
    cache.drop("s1");
    cache.set("s1", record("a", "stale"), stale);
    cache.set("s2", record("a", "fresh"), unrelated);
    expect(cache.get("s1")).toBeUndefined();
    // A change of another song does not keep this one out.
    expect(cache.get("s2")?.body).toBe("fresh");
    // A fill that began after the drop is stored.
    cache.set("s1", record("a", "new"), cache.begin("s1"));
    expect(cache.get("s1")?.body).toBe("new");
  });

  it("drops every record of a deleted artist, and every fill in progress", () => {
    const cache = new SongDetailCache();
    cache.set("s1", record("gone", "one"), cache.begin("s1"));
    cache.set("s2", record("stays", "two"), cache.begin("s2"));
    const inFlight = cache.begin("s3");
    cache.dropArtist("gone");
    cache.set("s3", record("gone", "three"), inFlight);
    expect(cache.get("s1")).toBeUndefined();
    expect(cache.get("s3")).toBeUndefined();
    expect(cache.get("s2")?.body).toBe("two");
  });

  it("forgets a record at the end of its day (its 30 days of views move on)", () => {
    let now = 10 * DAY - 1;
    const cache = new SongDetailCache(100, () => now);
    cache.set("s1", record("a", "today", 10 * DAY), cache.begin("s1"));
    expect(cache.get("s1")?.body).toBe("today");
    now = 10 * DAY;
    expect(cache.get("s1")).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it("forgets the least recently read song past its bound, and leaks no finished fill", () => {
    const cache = new SongDetailCache(2);
    cache.set("s1", record("a", "1"), cache.begin("s1"));
    cache.set("s2", record("a", "2"), cache.begin("s2"));
    expect(cache.get("s1")?.body).toBe("1");
    cache.set("s3", record("a", "3"), cache.begin("s3"));
    expect(cache.size).toBe(2);
    expect(cache.get("s2")).toBeUndefined();
    const abandoned = cache.begin("s4");
    cache.abandon("s4", abandoned);
    cache.abandon("s4", abandoned);
    expect(cache.fillsInProgress).toBe(0);
  });
});
