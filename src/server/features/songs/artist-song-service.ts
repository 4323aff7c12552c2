import type { Kysely } from "kysely";
import type {
  SongCounts,
  SongListFilters,
  SongNotices,
  SongRecord,
} from "../../../shared/song-schemas";
import type { Database } from "../../db/schema";
import type { DomainEvents } from "../../events/domain-events";
import { decodeSongCursor } from "./song-cursor";
import { SongPageCache } from "./song-page-cache";
import { songNotFound, toSongRecord } from "./song-records";
import {
  countArtistSongs,
  findSong,
  listArtistSongs,
  listUnseenSongIds,
  recordSongView,
} from "./song-repository";

export interface SongServiceDeps {
  db: Kysely<Database>;
  events: DomainEvents;
}

/**
 * The artist's side of the songs: only the signed-in artist's own songs.
 * The list's pages are kept serialized per instance (the hottest read of
 * the artist side); a change made on any instance drops that artist's pages.
 */
export class ArtistSongService {
  private readonly db: Kysely<Database>;
  private readonly events: DomainEvents;
  private readonly pages = new SongPageCache();

  constructor(deps: SongServiceDeps) {
    this.db = deps.db;
    this.events = deps.events;
    this.events.onEveryInstance("song.changed", ({ artistId }) => this.pages.drop(artistId));
    this.events.onEveryInstance("user.deleted", ({ userId }) => this.pages.drop(userId));
  }

  /**
   * One page of the artist's list as its JSON body, newest first, paged by
   * key; cached per artist and (filters, cursor).
   */
  async listPageJson(
    artistId: string,
    filters: SongListFilters,
    cursor: string | undefined,
  ): Promise<string> {
    const pageKey = JSON.stringify([filters.status ?? "", filters.q ?? "", cursor ?? ""]);
    const cached = this.pages.get(artistId, pageKey);
    if (cached !== undefined) return cached;
    const startedAt = this.pages.begin();
    const page = await listArtistSongs(this.db, artistId, filters, decodeSongCursor(cursor));
    // The page is exactly the route schema's shape (toSongSummary), so this
    // is what the serializer would write.
    const body = JSON.stringify(page);
    this.pages.set(artistId, pageKey, body, startedAt);
    return body;
  }

  /** How many songs each status filter shows (title search applied). */
  counts(artistId: string, q: string | undefined): Promise<SongCounts> {
    return countArtistSongs(this.db, artistId, q);
  }

  /** Songs whose status changed since the artist last opened them. */
  async notices(artistId: string): Promise<SongNotices> {
    return { unseen: await listUnseenSongIds(this.db, artistId) };
  }

  /** One of the artist's songs; a foreign song answers exactly like a missing one. */
  async get(artistId: string, songId: string): Promise<SongRecord> {
    const row = await findSong(this.db, songId);
    if (!row || row.artistId !== artistId) throw songNotFound();
    return toSongRecord(this.db, row);
  }

  /** Opening the detail: views + 1 atomically, answering the song with its new count. */
  async open(artistId: string, songId: string): Promise<SongRecord> {
    const opened = await recordSongView(this.db, songId, artistId);
    if (!opened) throw songNotFound();
    // The list's "New status" marker went: its cached pages are dropped.
    if (opened.sawNotice) {
      await this.events.emit("song.changed", { songId: opened.row.id, artistId });
    }
    return toSongRecord(this.db, opened.row);
  }
}
