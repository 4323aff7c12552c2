import type { LRUCache } from "lru-cache";
import { growingLruCache } from "../../cache/growing-lru-cache";
import type { SongRecord } from "../../../shared/song-schemas";
import { etagOf, type JsonAnswer } from "../../http/revalidate";

/**
 * One song's record as the detail route sends it (the JSON body, exactly
 * what the route's serializer would write, and its ETag), with what it is
 * checked against.
 */
export interface CachedSong extends JsonAnswer {
  /** The song's artist: only they are answered from this entry (anyone else gets 404). */
  artistId: string;
  /**
   * The record holds the last 30 UTC days of views: it is stale at the next
   * UTC midnight even if nothing changed (milliseconds, as Date.now()).
   */
  validUntil: number;
}

/**
 * The counts one view left in the database (`song.viewed`): absolute values,
 * so applying them is raising to them, and views applied in any order, or
 * twice, end where the database is.
 */
export interface SongViewCounts {
  /** The song's views after the view. */
  views: number;
  /** The UTC day (YYYY-MM-DD) it counted on, and that day's views after it. */
  day: string;
  dayViews: number;
}

/** A fill in progress: marked stale when its song is dropped, told of views meanwhile. */
export interface DetailFill {
  stale: boolean;
  /** Views heard while the fill read the database: raised into its record before it is kept. */
  views: SongViewCounts[];
}

/**
 * Raises a record's counts to a view's. False when the view's day is after
 * the record's 30 days: the record belongs to a day that has ended (another
 * instance's clock is past midnight), and must be read again.
 */
function raiseCounts(record: SongRecord, view: SongViewCounts): boolean {
  const lastDay = record.dailyViews.at(-1)?.day;
  if (lastDay !== undefined && view.day > lastDay) return false;
  record.views = Math.max(record.views, view.views);
  const day = record.dailyViews.find((d) => d.day === view.day);
  if (day) day.views = Math.max(day.views, view.dayViews);
  return true;
}

/**
 * The entry with the views raised into its record, re-serialized with a new
 * ETag if its body changed; undefined when the record must be read again.
 * The body is the record's JSON (what the route's serializer would write), so
 * parsing and writing it again gives the same bytes when nothing moved.
 */
function withViews(entry: CachedSong, views: readonly SongViewCounts[]): CachedSong | undefined {
  const record = JSON.parse(entry.body) as SongRecord;
  for (const view of views) if (!raiseCounts(record, view)) return undefined;
  const body = JSON.stringify(record);
  return body === entry.body ? entry : { ...entry, body, etag: etagOf(body) };
}

/** A `song.viewed` payload relayed from an instance of an older release carries no counts. */
export function viewCountsOf(payload: Partial<SongViewCounts>): SongViewCounts | undefined {
  const { views, day, dayViews } = payload;
  if (typeof views !== "number" || typeof day !== "string" || typeof dayViews !== "number") {
    return undefined;
  }
  return { views, day, dayViews };
}

/**
 * The artist's song records (GET /api/songs/:id), serialized, kept per
 * instance like the list's pages (song-page-cache.ts). Every change to what
 * the record shows reaches every instance (domain events relayed over Redis
 * when configured): `song.changed` (created, edited, status, cover, moved to
 * another artist, the status notice seen) and `user.deleted` (the artist's
 * songs are gone) drop it; `song.viewed` raises its views and the day's
 * count to the ones the view left in the database (`view`), so a song just
 * opened is still answered from the cache, with a new ETag.
 * Bounded: the least recently read songs go first past `maxSongs`.
 */
export class SongDetailCache {
  private readonly songs: LRUCache<string, CachedSong>;
  /** Fills reading the database now, by song: a drop marks them stale. */
  private readonly filling = new Map<string, Set<DetailFill>>();

  constructor(
    maxSongs = 10_000,
    private readonly now: () => number = () => Date.now(),
  ) {
    this.songs = growingLruCache(maxSongs);
  }

  get(songId: string): CachedSong | undefined {
    const entry = this.songs.get(songId);
    if (entry === undefined || this.now() < entry.validUntil) return entry;
    this.songs.delete(songId);
    return undefined;
  }

  /** Call before reading the database; pass the result to `set` (or `abandon`). */
  begin(songId: string): DetailFill {
    const fill: DetailFill = { stale: false, views: [] };
    let fills = this.filling.get(songId);
    if (!fills) this.filling.set(songId, (fills = new Set()));
    fills.add(fill);
    return fill;
  }

  /**
   * Stores the record read by `fill`, unless its song was dropped meanwhile;
   * views heard meanwhile are raised into it first. Answers what was stored
   * (the entry, or the entry with those views), or undefined.
   */
  set(songId: string, entry: CachedSong, fill: DetailFill): CachedSong | undefined {
    this.abandon(songId, fill);
    if (fill.stale) return undefined;
    const kept = fill.views.length > 0 ? withViews(entry, fill.views) : entry;
    if (kept !== undefined) this.songs.set(songId, kept);
    return kept;
  }

  /**
   * A view of the song (here or on another instance): its cached record's
   * counts are raised to the view's, and so are those of fills reading it now.
   */
  view(songId: string, counts: SongViewCounts): void {
    for (const fill of this.filling.get(songId) ?? []) fill.views.push(counts);
    const entry = this.songs.peek(songId);
    if (entry === undefined) return;
    const raised = withViews(entry, [counts]);
    if (raised === undefined) this.songs.delete(songId);
    else if (raised !== entry) this.songs.set(songId, raised);
  }

  /** A fill that ended without a record (a foreign or missing song, an error). */
  abandon(songId: string, fill: DetailFill): void {
    const fills = this.filling.get(songId);
    if (!fills?.delete(fill) || fills.size > 0) return;
    this.filling.delete(songId);
  }

  drop(songId: string): void {
    this.songs.delete(songId);
    const fills = this.filling.get(songId);
    if (!fills) return;
    for (const fill of fills) fill.stale = true;
    this.filling.delete(songId);
  }

  /**
   * Every song of an artist (the account is gone); rare, so a scan. Fills in
   * progress do not say whose song they read: all of them are marked stale.
   */
  dropArtist(artistId: string): void {
    const songIds: string[] = [];
    for (const [songId, entry] of this.songs.entries()) {
      if (entry.artistId === artistId) songIds.push(songId);
    }
    for (const songId of songIds) this.songs.delete(songId);
    for (const fills of this.filling.values()) for (const fill of fills) fill.stale = true;
    this.filling.clear();
  }

  get size(): number {
    return this.songs.size;
  }

  /** Songs with a fill reading the database now (for tests: none is left behind). */
  get fillsInProgress(): number {
    return this.filling.size;
  }
}
