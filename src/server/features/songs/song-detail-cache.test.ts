import { describe, expect, it } from "vitest";
import { etagOf } from "../../http/revalidate";
import { SongDetailCache, viewCountsOf, type CachedSong } from "./song-detail-cache";
import { DAY_MS } from "../../../shared/durations";

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
    let now = 10 * DAY_MS - 1;
    const cache = new SongDetailCache(100, () => now);
    cache.set("s1", record("a", "today", 10 * DAY_MS), cache.begin("s1"));
    expect(cache.get("s1")?.body).toBe("today");
    now = 10 * DAY_MS;
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

/** A cached record as the route keeps it: its JSON (the fields views touch, and one they do not) and ETag. */
const counted = (views: number, today: number, status = "pending"): CachedSong => {
  const body = JSON.stringify({
    id: "s1",
    status,
    views,
    dailyViews: [
      { day: "2026-11-25", views: 7 },
      { day: "2026-11-26", views: today },
    ],
  });
  return { artistId: "a", body, etag: etagOf(body), validUntil: Infinity };
};
const parsed = (entry: CachedSong | undefined) =>
  JSON.parse(entry!.body) as { status: string; views: number; dailyViews: { views: number }[] };

describe("SongDetailCache, views", () => {
  it("raises a cached record's views and the day's count to a view's, with a new ETag, without reading it again", () => {
    const cache = new SongDetailCache();
    const before = counted(3, 1);
    cache.set("s1", before, cache.begin("s1"));
    cache.view("s1", { views: 4, day: "2026-11-26", dayViews: 2 });
    const after = cache.get("s1");
    // Kept, not dropped: the next read is answered from the cache.
    expect(after).toBeDefined();
    expect(after!.body).toBe(counted(4, 2).body);
    expect(after!.etag).toBe(etagOf(after!.body));
    expect(after!.etag).not.toBe(before.etag);
    // An earlier day in the 30 is raised too; the rest of the record is as it was.
    cache.view("s1", { views: 5, day: "2026-11-25", dayViews: 8 });
    expect(parsed(cache.get("s1"))).toEqual({
      id: "s1",
      status: "pending",
      views: 5,
      dailyViews: [
        { day: "2026-11-25", views: 8 },
        { day: "2026-11-26", views: 2 },
      ],
    });
  });

  it("ends where the database is whatever the order views arrive in, and when one arrives twice", () => {
    const cache = new SongDetailCache();
    cache.set("s1", counted(3, 1), cache.begin("s1"));
    // Two views on two instances: the later one's counts arrive first here.
    cache.view("s1", { views: 5, day: "2026-11-26", dayViews: 3 });
    const latest = cache.get("s1")!;
    cache.view("s1", { views: 4, day: "2026-11-26", dayViews: 2 });
    cache.view("s1", { views: 5, day: "2026-11-26", dayViews: 3 });
    expect(cache.get("s1")).toBe(latest);
    expect(parsed(latest)).toMatchObject({ views: 5, dailyViews: [{ views: 7 }, { views: 3 }] });
  });

  it("raises a record being read while the view happened before it is kept", () => {
    const cache = new SongDetailCache();
    const fill = cache.begin("s1");
    // The read saw the database before the view committed.
    cache.view("s1", { views: 4, day: "2026-11-26", dayViews: 2 });
    const kept = cache.set("s1", counted(3, 1), fill);
    expect(kept?.body).toBe(counted(4, 2).body);
    expect(cache.get("s1")?.etag).toBe(counted(4, 2).etag);
    // A read that already saw the view is kept as it is.
    const seen = cache.begin("s2");
    cache.view("s2", { views: 4, day: "2026-11-26", dayViews: 2 });
    const entry = counted(4, 2);
    expect(cache.set("s2", entry, seen)).toBe(entry);
  });

  it("drops a record whose day has ended elsewhere, and leaves other songs alone", () => {
    const cache = new SongDetailCache();
    cache.set("s1", counted(3, 1), cache.begin("s1"));
    cache.set("s2", counted(3, 1), cache.begin("s2"));
    // Another instance is already past midnight: these 30 days are not the current ones.
    cache.view("s1", { views: 4, day: "2026-11-27", dayViews: 1 });
    expect(cache.get("s1")).toBeUndefined();
    expect(cache.get("s2")?.body).toBe(counted(3, 1).body);
    // A view of a song not cached caches nothing.
    cache.view("s3", { views: 1, day: "2026-11-26", dayViews: 1 });
    expect(cache.get("s3")).toBeUndefined();
  });

  it("reads the counts of a view relayed by another instance, none from an older release's", () => {
    expect(viewCountsOf({ views: 2, day: "2026-11-26", dayViews: 1 })).toEqual({
      views: 2,
      day: "2026-11-26",
      dayViews: 1,
    });
    expect(viewCountsOf({})).toBeUndefined();
    expect(viewCountsOf({ views: 2, day: "2026-11-26" })).toBeUndefined();
  });
});
