import type { Kysely } from "kysely";
import type { z } from "zod";
import type {
  ArtistOption,
  DeskSongFilters,
  DeskSongRecord,
  DeskSongUpdate,
  SongDetail,
  SongPage,
  SongRecord,
  SongSummary,
  deskSongCreateSchema,
} from "../../../shared/song-schemas";
import { songOwnedByRelease } from "../../../shared/song-schemas";
import { HttpError } from "../../http/errors";
import { releaseOwningSong } from "./release-song-repository";
import { displayName, type PublicUser } from "../../../shared/user";
import type { DatabaseHandle } from "../../db/database";
import type { Database } from "../../db/schema";
import type { DomainEvents } from "../../events/domain-events";
import { searchArtists } from "./artist-repository";
import { decodeSongCursor } from "./song-cursor";
import { songNotFound, toSongRecord } from "./song-records";
import { findSong, listDeskSongs, listSongsOfArtist } from "./song-repository";
import { assertSongReferences, deleteCoverIfUnused } from "./song-service";
import { createSongWithHistory, updateSongWithHistory } from "./song-status-service";

export interface DeskSongServiceDeps {
  database: DatabaseHandle;
  events: DomainEvents;
}

/** The agent making a change, as the session knows them. */
type Agent = Pick<PublicUser, "id" | "artistName" | "username">;

type DeskSongCreate = z.output<typeof deskSongCreateSchema>;

/**
 * The agents' song desk: every song, created and edited by agents. Each
 * write commits first (the song with its history entry), then announces
 * itself: `song.changed` for caches, `song.statusChanged` for the artist's
 * live notice and email, `files.deleted` for a replaced cover's bytes.
 */
export class DeskSongService {
  private readonly database: DatabaseHandle;
  private readonly db: Kysely<Database>;
  private readonly events: DomainEvents;

  constructor(deps: DeskSongServiceDeps) {
    this.database = deps.database;
    this.db = deps.database.db;
    this.events = deps.events;
  }

  /** Artists matching a search. */
  searchArtists(q: string | undefined): Promise<ArtistOption[]> {
    return searchArtists(this.database, q);
  }

  /** Every song, filtered and paged by key. */
  list(filters: DeskSongFilters): Promise<SongPage<SongDetail>> {
    return listDeskSongs(this.db, filters, decodeSongCursor(filters.cursor));
  }

  /** An artist's songs with their status, newest first (beside a conversation). */
  listOfArtist(artistId: string): Promise<SongSummary[]> {
    return listSongsOfArtist(this.db, artistId);
  }

  async get(songId: string): Promise<DeskSongRecord> {
    const row = await findSong(this.db, songId);
    if (!row) throw songNotFound();
    const [record, release] = await Promise.all([
      toSongRecord(this.db, row),
      releaseOwningSong(this.db, songId),
    ]);
    return { ...record, release: release ?? null };
  }

  async create(agent: Agent, values: DeskSongCreate): Promise<SongRecord> {
    await assertSongReferences(this.db, values);
    const acting = { id: agent.id, name: displayName(agent) };
    const { row } = await createSongWithHistory(this.db, acting, values);
    await this.events.emit("song.changed", { songId: row.id, artistId: row.artistId });
    return toSongRecord(this.db, row);
  }

  /** Saves an edit made from the version it was loaded at; a stale version is a 409. */
  async update(agent: Agent, songId: string, input: DeskSongUpdate): Promise<SongRecord> {
    const before = await findSong(this.db, songId);
    if (!before) throw songNotFound();
    // A track's song is its release's: the review steps and stores change it, not the desk.
    const release = await releaseOwningSong(this.db, songId);
    if (release) {
      throw new HttpError(409, songOwnedByRelease(release.title), undefined, "OWNED_BY_RELEASE");
    }
    await assertSongReferences(this.db, input);
    const acting = { id: agent.id, name: displayName(agent) };
    const { row, change } = await updateSongWithHistory(this.db, acting, before, input);
    const goneFiles =
      before.coverFileId !== row.coverFileId
        ? await deleteCoverIfUnused(this.db, before.coverFileId)
        : [];
    if (goneFiles.length > 0) await this.events.emit("files.deleted", { ids: goneFiles });
    for (const artistId of new Set([before.artistId, row.artistId])) {
      await this.events.emit("song.changed", { songId: row.id, artistId });
    }
    if (change) {
      // The artist hears it live; the chat writes its system line; the
      // history row is what the email notice will be sent from.
      await this.events.emit("song.statusChanged", {
        songId: row.id,
        artistId: row.artistId,
        title: row.type,
        from: before.status,
        to: row.status,
        agentId: agent.id,
        agentName: change.agentName,
        historyId: change.id,
        at: change.at,
      });
    }
    return toSongRecord(this.db, row);
  }
}
