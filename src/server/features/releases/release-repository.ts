import type { Kysely, Selectable, Transaction } from "kysely";
import { normalizeIsrc } from "../../../shared/release-codes";
import type { ReleaseDraft, ReleaseDraftTrack } from "../../../shared/release-schemas";
import { displayName } from "../../../shared/user";
import type { Database, ReleaseFileTable, ReleaseTable, ReleaseTrackTable } from "../../db/schema";

export type ReleaseRow = Selectable<ReleaseTable>;
export type ReleaseTrackRow = Selectable<ReleaseTrackTable>;
export type ReleaseFileRow = Selectable<ReleaseFileTable>;
type Db = Kysely<Database> | Transaction<Database>;

/** A release file's check result with its stored file's name and size. */
export interface CheckedFile extends ReleaseFileRow {
  name: string;
  size: number;
}

export async function insertRelease(
  db: Db,
  values: { id: string; artistId: string; primaryArtist: string },
  now = Date.now(),
): Promise<ReleaseRow> {
  return db
    .insertInto("release")
    .values({
      ...values,
      state: "draft",
      version: 1,
      title: "",
      featuredArtists: "[]",
      genre: "",
      language: "",
      releaseDate: "",
      originalReleaseDate: "",
      pLine: "",
      cLine: "",
      upc: "",
      artworkFileId: null,
      upcClaim: null,
      acknowledgedWarnings: "[]",
      createdAt: now,
      updatedAt: now,
      stateChangedAt: now,
      submittedAt: null,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function findRelease(db: Db, id: string): Promise<ReleaseRow | undefined> {
  return db.selectFrom("release").selectAll().where("id", "=", id).executeTakeFirst();
}

/** The artist's releases, newest first. */
/** A release with the name and address its artist's mail goes to; undefined when either is gone. */
export async function findReleaseForMail(
  db: Db,
  releaseId: string,
): Promise<{ release: ReleaseRow; to: { name: string; address: string } } | undefined> {
  const release = await findRelease(db, releaseId);
  if (!release) return undefined;
  const artist = await db
    .selectFrom("user")
    .select(["email", "artistName", "username"])
    .where("id", "=", release.artistId)
    .executeTakeFirst();
  return artist && { release, to: { name: displayName(artist), address: artist.email } };
}

export async function listArtistReleases(db: Db, artistId: string): Promise<ReleaseRow[]> {
  return db
    .selectFrom("release")
    .selectAll()
    .where("artistId", "=", artistId)
    .orderBy("createdAt", "desc")
    .orderBy("id", "desc")
    .execute();
}

/** The tracks of these releases, in order. */
export async function findTracks(
  db: Db,
  releaseIds: readonly string[],
): Promise<ReleaseTrackRow[]> {
  if (releaseIds.length === 0) return [];
  return db
    .selectFrom("release_track")
    .selectAll()
    .where("releaseId", "in", releaseIds)
    .orderBy("releaseId")
    .orderBy("position")
    .execute();
}

/** The checked files of these releases that are still stored. */
export async function findCheckedFiles(
  db: Db,
  releaseIds: readonly string[],
): Promise<CheckedFile[]> {
  if (releaseIds.length === 0) return [];
  return db
    .selectFrom("release_file")
    .innerJoin("stored_file", "stored_file.id", "release_file.fileId")
    .select([
      "release_file.fileId",
      "release_file.releaseId",
      "release_file.trackId",
      "release_file.purpose",
      "release_file.details",
      "stored_file.name",
      "stored_file.size",
    ])
    .where("release_file.releaseId", "in", releaseIds)
    .where("stored_file.status", "=", "ready")
    .execute();
}

export async function insertCheckedFile(db: Db, row: ReleaseFileRow): Promise<void> {
  await db.insertInto("release_file").values(row).execute();
}

/**
 * Writes the draft's own fields if the release is still at `version`;
 * undefined otherwise. `upcClaim`: the claim kept (the UPC is the same) or
 * null (a changed UPC is claimed again at the resubmission).
 */
export async function updateReleaseFields(
  db: Db,
  id: string,
  version: number,
  draft: Omit<ReleaseDraft, "version" | "tracks">,
  upcClaim: string | null,
  now = Date.now(),
): Promise<ReleaseRow | undefined> {
  return db
    .updateTable("release")
    .set({
      title: draft.title,
      primaryArtist: draft.primaryArtist,
      featuredArtists: JSON.stringify(draft.featuredArtists),
      genre: draft.genre,
      language: draft.language,
      releaseDate: draft.releaseDate,
      originalReleaseDate: draft.originalReleaseDate,
      pLine: draft.pLine,
      cLine: draft.cLine,
      upc: draft.upc,
      upcClaim,
      artworkFileId: draft.artworkFileId,
      version: version + 1,
      updatedAt: now,
    })
    .where("id", "=", id)
    .where("version", "=", version)
    .returningAll()
    .executeTakeFirst();
}

/**
 * The release's tracks become exactly these, in this order. A track that
 * stays (same id) keeps its song and its ISRC claim while the ISRC is the
 * same: a release sent back for changes is resubmitted with the same songs
 * (decision 099). Answers the songs of the tracks that went.
 */
export async function replaceTracks(
  trx: Transaction<Database>,
  releaseId: string,
  tracks: readonly ReleaseDraftTrack[],
): Promise<string[]> {
  const before = new Map(
    (await findTracks(trx, [releaseId])).map((track) => [track.id, track] as const),
  );
  await trx.deleteFrom("release_track").where("releaseId", "=", releaseId).execute();
  const kept = new Set(tracks.map((track) => track.id));
  const goneSongs = [...before.values()].flatMap((track) =>
    !kept.has(track.id) && track.songId ? [track.songId] : [],
  );
  if (tracks.length === 0) return goneSongs;
  await trx
    .insertInto("release_track")
    .values(
      tracks.map((track, position) => ({
        releaseId,
        id: track.id,
        position,
        title: track.title,
        version: track.version,
        featuredArtists: JSON.stringify(track.featuredArtists),
        composer: track.composer,
        lyricist: track.lyricist,
        instrumental: track.instrumental ? 1 : 0,
        producer: track.producer,
        explicit: track.explicit,
        isrc: track.isrc,
        isrcClaim: keptClaim(before.get(track.id), track.isrc),
        lyrics: track.lyrics,
        audioFileId: track.audioFileId,
        songId: before.get(track.id)?.songId ?? null,
      })),
    )
    .execute();
  return goneSongs;
}

function keptClaim(before: ReleaseTrackRow | undefined, isrc: string): string | null {
  return before?.isrcClaim && before.isrcClaim === normalizeIsrc(isrc) ? before.isrcClaim : null;
}

/** Moves the release to `state` if still at `version`; undefined when another change came first. */
export async function changeReleaseState(
  db: Db,
  id: string,
  version: number,
  change: { state: string; submittedAt?: number | null; acknowledgedWarnings?: string[] },
  now = Date.now(),
): Promise<ReleaseRow | undefined> {
  return db
    .updateTable("release")
    .set({
      state: change.state,
      version: version + 1,
      updatedAt: now,
      stateChangedAt: now,
      ...(change.submittedAt !== undefined ? { submittedAt: change.submittedAt } : {}),
      ...(change.acknowledgedWarnings
        ? { acknowledgedWarnings: JSON.stringify(change.acknowledgedWarnings) }
        : {}),
    })
    .where("id", "=", id)
    .where("version", "=", version)
    .returningAll()
    .executeTakeFirst();
}

/** A submitted track: its song request and its claim on its ISRC (the unique index). */
export async function linkTrack(
  trx: Transaction<Database>,
  releaseId: string,
  trackId: string,
  link: { songId: string | null; isrcClaim: string | null },
): Promise<void> {
  await trx
    .updateTable("release_track")
    .set(link)
    .where("releaseId", "=", releaseId)
    .where("id", "=", trackId)
    .execute();
}

/** A release that will not go out (withdrawn, rejected) gives its ISRCs back to the artist. */
export async function releaseIsrcClaims(trx: Db, releaseId: string): Promise<void> {
  await trx
    .updateTable("release_track")
    .set({ isrcClaim: null })
    .where("releaseId", "=", releaseId)
    .execute();
}

/** Which of these compact ISRCs a track of another release has claimed. */
export async function claimedIsrcs(
  db: Db,
  releaseId: string,
  isrcs: readonly string[],
): Promise<Set<string>> {
  if (isrcs.length === 0) return new Set();
  const rows = await db
    .selectFrom("release_track")
    .select("isrcClaim")
    .where("isrcClaim", "in", isrcs)
    .where("releaseId", "!=", releaseId)
    .execute();
  return new Set(rows.flatMap((row) => (row.isrcClaim ? [row.isrcClaim] : [])));
}

/** A withdrawn release's tracks name no song and claim no ISRC any more. */
export async function unlinkTracks(trx: Db, releaseId: string): Promise<void> {
  await trx
    .updateTable("release_track")
    .set({ songId: null, isrcClaim: null })
    .where("releaseId", "=", releaseId)
    .execute();
}

/** Which of these files a release shows as its artwork or a track as its audio. */
export async function releaseFilesAmong(db: Db, fileIds: readonly string[]): Promise<string[]> {
  const [artwork, audio] = await Promise.all([
    db
      .selectFrom("release")
      .select("artworkFileId as id")
      .where("artworkFileId", "in", fileIds)
      .execute(),
    db
      .selectFrom("release_track")
      .select("audioFileId as id")
      .where("audioFileId", "in", fileIds)
      .execute(),
  ]);
  return [...artwork, ...audio].flatMap((row) => (row.id ? [row.id] : []));
}

export async function deleteArtistReleases(trx: Db, artistId: string): Promise<void> {
  await trx.deleteFrom("release").where("artistId", "=", artistId).execute();
}

export async function deleteRelease(trx: Db, id: string): Promise<void> {
  await trx.deleteFrom("release").where("id", "=", id).execute();
}

export async function deleteReleaseFileRows(trx: Db, releaseIds: readonly string[]): Promise<void> {
  if (releaseIds.length === 0) return;
  await trx.deleteFrom("release_file").where("releaseId", "in", releaseIds).execute();
}
