import { LRUCache } from "lru-cache";
import type { JsonAnswer } from "../../http/revalidate";

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

/** A fill in progress: marked stale when its song is dropped meanwhile. */
export interface DetailFill {
  stale: boolean;
}

/**
 * The artist's song records (GET /api/songs/:id), serialized, kept per
 * instance like the list's pages (song-page-cache.ts). Every change to what
 * the record shows drops the song on every instance (domain events relayed
 * over Redis when configured): `song.changed` (created, edited, status,
 * cover, moved to another artist), `song.viewed` (views and the day's count,
 * the status notice seen) and `user.deleted` (the artist's songs are gone).
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
    this.songs = new LRUCache({ max: maxSongs });
  }

  get(songId: string): CachedSong | undefined {
    const entry = this.songs.get(songId);
    if (entry === undefined || this.now() < entry.validUntil) return entry;
    this.songs.delete(songId);
    return undefined;
  }

  /** Call before reading the database; pass the result to `set` (or `abandon`). */
  begin(songId: string): DetailFill {
    const fill: DetailFill = { stale: false };
    let fills = this.filling.get(songId);
    if (!fills) this.filling.set(songId, (fills = new Set()));
    fills.add(fill);
    return fill;
  }

  /** Stores the record read by `fill`, unless its song was dropped meanwhile. */
  set(songId: string, entry: CachedSong, fill: DetailFill): void {
    this.abandon(songId, fill);
    if (!fill.stale) this.songs.set(songId, entry);
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
