import type { Kysely } from "kysely";
import {
  RELEASE_ARTWORK_PURPOSE,
  RELEASE_AUDIO_PURPOSE,
  isEditableReleaseState,
  releaseStateLabel,
  type ReleaseState,
} from "../../../shared/release-constants";
import { normalizeIsrc, upcKey } from "../../../shared/release-codes";
import { releaseMessages as m } from "../../../shared/release-messages";
import { transition, type ReleaseAction } from "../../../shared/release-transitions";
import {
  blockingIssues,
  releaseIssues,
  unacknowledgedWarnings,
  utcDay,
} from "../../../shared/release-rules";
import type {
  ReleaseDetail,
  ReleaseDraft,
  ReleaseIssue,
  ReleaseSummary,
} from "../../../shared/release-schemas";
import type { PublicUser } from "../../../shared/user";
import type { Database } from "../../db/schema";
import type { DomainEvents } from "../../events/domain-events";
import { HttpError } from "../../http/errors";
import { deleteSongsOfTracks } from "../songs/release-song-service";
import { deleteFileRows } from "../uploads/stored-files";
import {
  claimedIsrcs,
  deleteRelease,
  findCheckedFiles,
  findRelease,
  findTracks,
  insertRelease,
  listArtistReleases,
  replaceTracks,
  updateReleaseFields,
  type ReleaseRow,
} from "./release-repository";
import { findUntouchedDraft, lockArtistForNewDraft } from "./new-draft-repository";
import { toReleaseDetail, toReleaseSummary } from "./release-detail";
import { upcClaimedElsewhere } from "./release-upc-repository";
import { submitRelease, withdrawRelease } from "./release-submission-service";

export interface ReleaseServiceDeps {
  db: Kysely<Database>;
  events: DomainEvents;
  /** RELEASE_LEAD_DAYS. */
  leadDays: number;
  now?: () => number;
}

/**
 * A refused submit: 422 in the house's error shape. The message is the
 * first blocking issue's sentence (or the acknowledgement one), and
 * fieldErrors name each blocking issue's field; `issues` lists them whole.
 */
export class SubmitRefused extends HttpError {
  constructor(
    readonly issues: ReleaseIssue[],
    message = issues[0]?.message ?? m.submitBlocked,
  ) {
    const fieldErrors: Record<string, string> = {};
    for (const issue of issues) fieldErrors[issue.field] ??= issue.message;
    super(422, message, fieldErrors, "RELEASE_NOT_READY");
  }
}

/** A release the user may not read, or none at all: one answer for both. */
export const releaseNotFound = () => new HttpError(404, m.notFound, undefined, "NOT_FOUND");
const notFound = releaseNotFound;
const stale = () => new HttpError(409, m.staleVersion, undefined, "STALE_VERSION");

/**
 * An artist's releases: drafts saved as they are typed, submitted for
 * review (each track becoming a song request), withdrawn while no review
 * has started. Only the owner writes; agents read every release; another
 * artist is told it does not exist.
 */
export class ReleaseService {
  constructor(private readonly deps: ReleaseServiceDeps) {}

  private now(): number {
    return this.deps.now?.() ?? Date.now();
  }

  /** A new draft, or, when asked, the artist's untouched one (`created` false) if there is one. */
  async create(
    user: PublicUser,
    reuseUntouched = false,
  ): Promise<{ release: ReleaseDetail; created: boolean }> {
    if (user.admin) throw new HttpError(403, m.artistsOnly, undefined, "FORBIDDEN");
    const { row, created } = await this.deps.db.transaction().execute(async (trx) => {
      if (reuseUntouched) {
        await lockArtistForNewDraft(trx, user.id);
        const untouched = await findUntouchedDraft(trx, user.id);
        if (untouched) return { row: untouched, created: false };
      }
      const primaryArtist = user.artistName.trim();
      const values = { id: crypto.randomUUID(), artistId: user.id, primaryArtist };
      return { row: await insertRelease(trx, values, this.now()), created: true };
    });
    if (created) await this.changed(row);
    return { release: await this.detailOf(row), created };
  }

  async list(user: PublicUser): Promise<ReleaseSummary[]> {
    const rows = await listArtistReleases(this.deps.db, user.id);
    const ids = rows.map((row) => row.id);
    const [tracks, files] = await Promise.all([
      findTracks(this.deps.db, ids),
      findCheckedFiles(this.deps.db, ids),
    ]);
    return rows.map((row) =>
      toReleaseSummary(
        row,
        tracks.filter((track) => track.releaseId === row.id),
        files.filter((file) => file.releaseId === row.id),
      ),
    );
  }

  /** Saves the whole draft if it is still at the version the client edited. */
  async save(user: PublicUser, id: string, draft: ReleaseDraft): Promise<ReleaseDetail> {
    const release = await this.writable(user, id);
    if (release.version !== draft.version) throw stale();
    await this.assertOwnFiles(release.id, draft);
    const { version, tracks, ...fields } = draft;
    // A release sent back for changes keeps its claim while its UPC stays the same.
    const upcClaim =
      release.upcClaim && release.upcClaim === upcKey(draft.upc) ? release.upcClaim : null;
    const { saved, goneSongs } = await this.deps.db.transaction().execute(async (trx) => {
      const row = await updateReleaseFields(trx, id, version, fields, upcClaim, this.now());
      if (!row) throw stale();
      const gone = await replaceTracks(trx, id, tracks);
      // A track removed while changes were requested takes its song along.
      await deleteSongsOfTracks(trx, release.artistId, gone);
      return { saved: row, goneSongs: gone };
    });
    for (const songId of goneSongs) {
      await this.deps.events.emit("song.changed", { songId, artistId: saved.artistId });
    }
    await this.changed(saved);
    return this.detailOf(saved);
  }

  /** A draft goes with its tracks and its files (their bytes once the rows are gone). */
  async remove(user: PublicUser, id: string): Promise<void> {
    const release = await this.owned(user, id);
    if (release.state !== "draft") throw new HttpError(409, m.onlyDraftsDeleted);
    const fileIds = await this.deps.db.transaction().execute(async (trx) => {
      await deleteRelease(trx, id);
      const ids = [
        ...(await deleteFileRows(trx, { purpose: RELEASE_ARTWORK_PURPOSE, scope: id })),
        ...(await deleteFileRows(trx, { purpose: RELEASE_AUDIO_PURPOSE, scope: id })),
      ];
      return ids;
    });
    if (fileIds.length > 0) await this.deps.events.emit("files.deleted", { ids: fileIds });
    await this.deps.events.emit("release.changed", {
      releaseId: id,
      artistId: release.artistId,
      state: "deleted",
    });
  }

  async submit(
    user: PublicUser,
    id: string,
    input: { version: number; acknowledgedWarnings: string[] },
  ): Promise<ReleaseDetail> {
    const release = await this.owned(user, id);
    refuseUnless(release, "submit");
    if (release.version !== input.version) throw stale();
    const detail = await this.detailOf(release);
    const errors = blockingIssues(detail.issues);
    if (errors.length > 0) throw new SubmitRefused(errors);
    const unacknowledged = unacknowledgedWarnings(detail.issues, input.acknowledgedWarnings);
    if (unacknowledged.length > 0) {
      throw new SubmitRefused(unacknowledged, m.acknowledgeWarnings);
    }
    const acknowledged = detail.issues.map((issue) => issue.key);
    const outcome = await submitRelease(this.deps.db, detail, acknowledged, this.now());
    if (outcome === "stale") throw stale();
    if ("isrcTaken" in outcome) {
      throw new SubmitRefused([
        ...(outcome.upcTaken ? [upcTakenIssue()] : []),
        ...outcome.isrcTaken.map(takenIssue),
      ]);
    }
    const { row, songIds } = outcome;
    for (const songId of songIds) {
      await this.deps.events.emit("song.changed", { songId, artistId: row.artistId });
    }
    await this.deps.events.emit("release.submitted", {
      releaseId: row.id,
      artistId: row.artistId,
      title: row.title,
      songIds,
    });
    await this.changed(row);
    return this.detailOf(row);
  }

  /** Back to a draft while no agent has started the review: its song requests go again. */
  async withdraw(user: PublicUser, id: string, input: { version: number }): Promise<ReleaseDetail> {
    const release = await this.owned(user, id);
    refuseUnless(release, "withdraw");
    if (release.version !== input.version) throw stale();
    const outcome = await withdrawRelease(this.deps.db, release, this.now());
    if (outcome === "stale") throw stale();
    if (outcome === "review-started") throw new HttpError(409, m.onlySubmittedWithdrawn);
    for (const songId of outcome.songIds) {
      await this.deps.events.emit("song.changed", { songId, artistId: release.artistId });
    }
    await this.changed(outcome.row, true);
    return this.detailOf(outcome.row);
  }

  /** The detail of a row already read (the desk's review page). */
  detailOfRow(row: ReleaseRow): Promise<ReleaseDetail> {
    return this.detailOf(row);
  }

  /** The detail with its issues: the shared rules, and the ISRCs and UPC another release has claimed. */
  private async detailOf(row: ReleaseRow): Promise<ReleaseDetail> {
    const [tracks, files] = await Promise.all([
      findTracks(this.deps.db, [row.id]),
      findCheckedFiles(this.deps.db, [row.id]),
    ]);
    const isrcs = new Map<string, string>();
    for (const track of tracks) {
      const isrc = normalizeIsrc(track.isrc);
      if (isrc) isrcs.set(track.id, isrc);
    }
    const taken = await claimedIsrcs(this.deps.db, row.id, [...isrcs.values()]);
    const upc = upcKey(row.upc);
    const upcTaken = upc !== null && (await upcClaimedElsewhere(this.deps.db, row.id, upc));
    const options = { today: utcDay(this.now()), leadDays: this.deps.leadDays };
    return toReleaseDetail(row, tracks, files, (detail) => {
      const issues = releaseIssues(detail, options);
      for (const [trackId, isrc] of isrcs) {
        const field = `tracks.${trackId}.isrc`;
        if (taken.has(isrc) && !issues.some((issue) => issue.field === field)) {
          issues.push(takenIssue(trackId));
        }
      }
      if (upcTaken) issues.push(upcTakenIssue());
      return issues;
    });
  }

  private async changed(row: ReleaseRow, queue = false): Promise<void> {
    await this.deps.events.emit("release.changed", {
      releaseId: row.id,
      artistId: row.artistId,
      state: row.state,
      ...(queue ? { queue } : {}),
    });
  }

  /**
   * The owner's release, or any release for an agent; another artist's is
   * "not found". The one read rule: the desk and the release page ask it too.
   */
  async readable(user: PublicUser, id: string): Promise<ReleaseRow> {
    const row = await findRelease(this.deps.db, id);
    if (!row || (!user.admin && row.artistId !== user.id)) throw notFound();
    return row;
  }

  /** Only the owner changes a release; an agent may look but not touch. */
  private async owned(user: PublicUser, id: string): Promise<ReleaseRow> {
    const row = await this.readable(user, id);
    if (row.artistId !== user.id) {
      throw new HttpError(403, m.ownerOnly, undefined, "FORBIDDEN");
    }
    return row;
  }

  private async writable(user: PublicUser, id: string): Promise<ReleaseRow> {
    const row = await this.owned(user, id);
    if (!isEditableReleaseState(row.state)) {
      throw new HttpError(409, m.notEditable(releaseStateLabel(row.state)), undefined, "LOCKED");
    }
    return row;
  }

  /** A draft may name only files checked for this release, each under its own purpose. */
  private async assertOwnFiles(releaseId: string, draft: ReleaseDraft): Promise<void> {
    const files = await findCheckedFiles(this.deps.db, [releaseId]);
    const of = (purpose: string) =>
      new Set(files.filter((file) => file.purpose === purpose).map((file) => file.fileId));
    if (draft.artworkFileId && !of(RELEASE_ARTWORK_PURPOSE).has(draft.artworkFileId)) {
      throw new HttpError(400, m.artworkFileUnknown, { artworkFileId: m.artworkFileUnknown });
    }
    const audio = of(RELEASE_AUDIO_PURPOSE);
    draft.tracks.forEach((track, index) => {
      if (track.audioFileId && !audio.has(track.audioFileId)) {
        const field = `tracks.${index}.audioFileId`;
        throw new HttpError(400, m.audioFileUnknown, { [field]: m.audioFileUnknown });
      }
    });
  }
}

/** The state machine's 409, with its sentence, when `action` may not be taken now. */
function refuseUnless(release: ReleaseRow, action: ReleaseAction): void {
  const outcome = transition(release.state as ReleaseState, action);
  if (!outcome.ok) throw new HttpError(409, outcome.message, undefined, "INVALID_TRANSITION");
}

function upcTakenIssue(): ReleaseIssue {
  return { key: "taken:upc", field: "upc", severity: "error", message: m.upcTaken };
}

function takenIssue(trackId: string): ReleaseIssue {
  const field = `tracks.${trackId}.isrc`;
  return { key: `taken:${field}`, field, severity: "error", message: m.isrcTaken };
}
