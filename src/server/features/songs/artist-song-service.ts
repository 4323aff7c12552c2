import type { Kysely, Selectable } from "kysely";
import type { SongCounts, SongListFilters, SongNotices } from "../../../shared/song-schemas";
import type { MigrationDialect } from "../../db/dialect-types";
import type { Database, SongRequestTable } from "../../db/schema";
import type { DomainEvents } from "../../events/domain-events";
import { etagOf, type JsonAnswer } from "../../http/revalidate";
import { decodeSongCursor } from "./song-cursor";
import {
  SongDetailCache,
  viewCountsOf,
  type CachedSong,
  type DetailFill,
} from "./song-detail-cache";
import { nextUtcDayStart } from "./song-history-repository";
import { SongPageCache } from "./song-page-cache";
import { songNotFound, toSongRecord } from "./song-records";
import { countArtistSongs, findSong, listArtistSongs, listUnseenSongIds } from "./song-repository";
import {
  recordSongView,
  recordSongViews,
  type RecordedView,
  type SongView,
} from "./song-view-repository";
import { perTurnBatches } from "../../db/per-turn-batches";

export interface SongServiceDeps {
  db: Kysely<Database>;
  /** Views commit without waiting for the disk, each engine its own way (relaxed-commit.ts). */
  dialect: MigrationDialect;
  events: DomainEvents;
}

/**
 * The artist's side of the songs: only the signed-in artist's own songs.
 * The list's pages and each song's record are kept serialized per instance
 * (the hottest reads of the artist side); a change made on any instance
 * drops that artist's pages and that song's record.
 */
export class ArtistSongService {
  private readonly db: Kysely<Database>;
  private readonly events: DomainEvents;
  private readonly pages = new SongPageCache<JsonAnswer>();
  private readonly details = new SongDetailCache();
  /**
   * The views of one event-loop turn share one commit (per-turn-batches.ts):
   * a commit of its own per view held the view-then-read journey at 0.055×
   * a bare route (issue 48).
   */
  private readonly recordView: (view: SongView) => Promise<RecordedView | undefined>;

  constructor(deps: SongServiceDeps) {
    this.db = deps.db;
    this.events = deps.events;
    this.recordView = perTurnBatches(
      (views) => recordSongViews(this.db, deps.dialect, views),
      (view) => recordSongView(this.db, deps.dialect, view),
    );
    this.events.onEveryInstance("song.changed", ({ songId, artistId }) => {
      this.pages.drop(artistId);
      this.details.drop(songId);
    });
    this.events.onEveryInstance("song.viewed", (payload) => {
      const counts = viewCountsOf(payload);
      if (counts) this.details.view(payload.songId, counts);
      else this.details.drop(payload.songId);
    });
    this.events.onEveryInstance("user.deleted", ({ userId }) => {
      this.pages.drop(userId);
      this.details.dropArtist(userId);
    });
  }

  /**
   * One page of the artist's list as its JSON body and ETag, newest first,
   * paged by key; cached per artist and (filters, cursor).
   */
  async listPageJson(
    artistId: string,
    filters: SongListFilters,
    cursor: string | undefined,
  ): Promise<JsonAnswer> {
    const pageKey = JSON.stringify([filters.status ?? "", filters.q ?? "", cursor ?? ""]);
    const cached = this.pages.get(artistId, pageKey);
    if (cached !== undefined) return cached;
    const startedAt = this.pages.begin();
    const page = await listArtistSongs(this.db, artistId, filters, decodeSongCursor(cursor));
    // The page is exactly the route schema's shape (toSongSummary), so this
    // is what the serializer would write.
    const body = JSON.stringify(page);
    const answer = { body, etag: etagOf(body) };
    this.pages.set(artistId, pageKey, answer, startedAt);
    return answer;
  }

  /** How many songs each status filter shows (title search applied). */
  counts(artistId: string, q: string | undefined): Promise<SongCounts> {
    return countArtistSongs(this.db, artistId, q);
  }

  /** Songs whose status changed since the artist last opened them. */
  async notices(artistId: string): Promise<SongNotices> {
    return { unseen: await listUnseenSongIds(this.db, artistId) };
  }

  /**
   * One of the artist's songs, with its status timeline, as its JSON body and
   * ETag; cached per song. A foreign song answers exactly like a missing one,
   * from the cache too (the entry names the song's artist).
   */
  async getJson(artistId: string, songId: string): Promise<CachedSong> {
    const cached = this.details.get(songId);
    if (cached !== undefined) {
      if (cached.artistId !== artistId) throw songNotFound();
      return cached;
    }
    const fill = this.details.begin(songId);
    try {
      const row = await findSong(this.db, songId);
      if (!row || row.artistId !== artistId) throw songNotFound();
      return await this.fillRecord(songId, row, fill);
    } finally {
      this.details.abandon(songId, fill);
    }
  }

  /**
   * Opening the detail: views + 1 atomically, answering the song with its new
   * count. Every instance raises its cached record to the counts the view
   * left (`song.viewed`), so the record stays cached: this answer, and the
   * GET that follows, come from it. A song not cached yet is read once here
   * and kept.
   */
  async open(artistId: string, songId: string): Promise<CachedSong> {
    // Begun before the view: a change committed meanwhile keeps this read out of the cache.
    const fill = this.details.begin(songId);
    try {
      const opened = await this.recordView({ id: songId, artistId, now: Date.now() });
      if (!opened) throw songNotFound();
      const { row, day, dayViews } = opened;
      await this.events.emit("song.viewed", { songId, artistId, views: row.views, day, dayViews });
      // The list's "New status" marker went: its cached pages, and this record, are dropped.
      if (opened.sawNotice) await this.events.emit("song.changed", { songId, artistId });
      const cached = this.details.get(songId);
      if (cached?.artistId === artistId) return cached;
      return await this.fillRecord(songId, row, fill);
    } finally {
      this.details.abandon(songId, fill);
    }
  }

  /** The record of a row just read, serialized and kept (unless `fill` went stale). */
  private async fillRecord(
    songId: string,
    row: Selectable<SongRequestTable>,
    fill: DetailFill,
  ): Promise<CachedSong> {
    const now = Date.now();
    // The record is exactly the route schema's shape (toSongRecord), so
    // this is what the serializer would write.
    const body = JSON.stringify(await toSongRecord(this.db, row, now));
    const entry = {
      artistId: row.artistId,
      body,
      etag: etagOf(body),
      validUntil: nextUtcDayStart(now),
    };
    // Views heard while reading are in what was kept; a stale read is answered as read.
    return this.details.set(songId, entry, fill) ?? entry;
  }
}
