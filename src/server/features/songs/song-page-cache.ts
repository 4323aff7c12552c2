import type { LRUCache } from "lru-cache";
import { growingLruCache } from "../../cache/growing-lru-cache";

/**
 * The artist's song list pages, serialized, kept per instance: the list is
 * the hottest read of the artist side and changes rarely. An entry is the
 * JSON body of one page (keyed by artist and cursor). `song.changed` and
 * `user.deleted` drop an artist's pages on every instance (domain events
 * relayed over Redis when configured), so a change made anywhere is seen
 * everywhere within the relay's delivery time.
 *
 * Bounded: the least recently read artists go first past `maxArtists`, and
 * an artist keeps at most `maxPagesPerArtist` pages.
 */
export class SongPageCache<Page = string> {
  /** Artists by recency of a page read (lru-cache); each holds its pages by key. */
  private readonly artists: LRUCache<string, Map<string, Page>>;
  /**
   * Bumped by every drop. A page read from the database is stored only if no
   * drop happened meanwhile, so a fill racing a change never keeps the old page.
   */
  private epoch = 0;

  constructor(
    maxArtists = 5_000,
    private readonly maxPagesPerArtist = 20,
  ) {
    this.artists = growingLruCache(maxArtists);
  }

  get(artistId: string, pageKey: string): Page | undefined {
    const body = this.artists.peek(artistId)?.get(pageKey);
    // Only a page found makes the artist recently read.
    if (body !== undefined) this.artists.get(artistId);
    return body;
  }

  /** Call before reading the database; pass the result to `set`. */
  begin(): number {
    return this.epoch;
  }

  set(artistId: string, pageKey: string, body: Page, startedAt: number): void {
    if (startedAt !== this.epoch) return;
    let pages = this.artists.peek(artistId);
    if (!pages) {
      pages = new Map();
      this.artists.set(artistId, pages);
    }
    if (!pages.has(pageKey) && pages.size >= this.maxPagesPerArtist) return;
    pages.set(pageKey, body);
  }

  drop(artistId: string): void {
    this.epoch += 1;
    this.artists.delete(artistId);
  }

  get size(): number {
    return this.artists.size;
  }
}
