import type { Kysely, Transaction } from "kysely";
import type { ReleaseState } from "../../../../shared/release-constants";
import { RELEASE_STORES, type ReleaseStepData } from "../../../../shared/release-review";
import { releaseReviewMessages as m } from "../../../../shared/release-review-messages";
import type {
  DeskReleaseQuery,
  RejectReleaseInput,
  RequestChangesInput,
  StoreDeliveriesInput,
} from "../../../../shared/release-review-schemas";
import type {
  DeskReleaseDetail,
  DeskReleaseList,
  ReleaseReview,
  SongStores,
} from "../../../../shared/responses/release-review";
import type { ReleaseDetail } from "../../../../shared/release-schemas";
import type { RejectionReason } from "../../../../shared/song-rejection";
import { displayName, type PublicUser } from "../../../../shared/user";
import type { Database } from "../../../db/schema";
import type { DomainEvents } from "../../../events/domain-events";
import { HttpError } from "../../../http/errors";
import { findTracks, releaseIsrcClaims, type ReleaseRow } from "../release-repository";
import { releaseNotFound, type ReleaseService } from "../release-service";
import { assignMissingCodes, type CodePrefixes } from "./release-codes";
import { isUniqueViolation, setUpcClaim } from "../release-upc-repository";
import { releaseMessages } from "../../../../shared/release-messages";
import { staleError } from "./release-stale";
import { listQueue } from "./release-queue-repository";
import {
  insertPendingStores,
  insertStep,
  listSteps,
  listStores,
  releaseOfSong,
  userName,
  artistContact,
  moveReleaseState,
} from "./release-review-repository";
import {
  changedSince,
  parseSnapshot,
  snapshotOf,
  toReleaseReview,
  toStoreDeliveries,
} from "./release-review-view";
import { setStatusesOfRelease } from "../../songs/release-song-service";
import { songOwner } from "../../songs/song-service";
import { ReasonNeeded, saveDeliveries, StaleStores } from "./release-store-service";
import {
  transition,
  SONG_STATUS_OF_STATE,
  type ReleaseAction,
} from "../../../../shared/release-transitions";

type Trx = Transaction<Database>;
type Agent = { id: string; name: string };

export interface ReleaseReviewDeps {
  db: Kysely<Database>;
  events: DomainEvents;
  releases: ReleaseService;
  codes: CodePrefixes;
  now?: () => number;
}

/** Thrown inside a transaction: the release moved since it was read. */
class StaleRelease extends Error {}

const conflict = (message: string, code = "CONFLICT") =>
  new HttpError(409, message, undefined, code);

/**
 * The desk's review of releases (issue 40, decision 099): the queue, the
 * review page, and each step as one transaction that checks the version the
 * agent acted on and the state machine's table, writes the new state, the
 * songs' statuses and the timeline step together, and then emits one domain
 * event (fan-out, one email).
 */
export class ReleaseReviewService {
  constructor(private readonly deps: ReleaseReviewDeps) {}

  private now(): number {
    return this.deps.now?.() ?? Date.now();
  }

  list(query: DeskReleaseQuery): Promise<DeskReleaseList> {
    return listQueue(this.deps.db, query, this.now());
  }

  async detail(user: PublicUser, id: string): Promise<DeskReleaseDetail> {
    return this.deskDetailOf(await this.visible(user, id));
  }

  /** The review part of the artist's own release page. */
  async reviewOf(row: ReleaseRow): Promise<ReleaseReview> {
    const [steps, stores, reviewerName] = await Promise.all([
      listSteps(this.deps.db, row.id),
      listStores(this.deps.db, row.id),
      userName(this.deps.db, row.reviewerId),
    ]);
    return toReleaseReview(row, steps, stores, reviewerName);
  }

  async startReview(user: PublicUser, id: string, version: number): Promise<DeskReleaseDetail> {
    const agent = actingAgent(user);
    const row = await this.step(agent, await this.visible(user, id), version, "startReview", {
      set: { reviewerId: agent.id },
      step: { kind: "review_started" },
    });
    await this.deps.events.emit("release.reviewStarted", stepEvent(row, agent));
    return this.deskDetailOf(row);
  }

  async requestChanges(
    user: PublicUser,
    id: string,
    input: RequestChangesInput,
  ): Promise<DeskReleaseDetail> {
    const agent = actingAgent(user);
    const before = await this.visible(user, id);
    const detail = await this.deps.releases.detailOfRow(before);
    const row = await this.step(agent, before, input.version, "requestChanges", {
      set: { reviewSnapshot: JSON.stringify(snapshotOf(detail)) },
      step: { kind: "changes_requested", items: input.items },
    });
    // The items travel with the event: the email lists what this step asked for.
    await this.deps.events.emit("release.changesRequested", {
      ...stepEvent(row, agent),
      items: input.items,
    });
    return this.deskDetailOf(row);
  }

  async approve(user: PublicUser, id: string, version: number): Promise<DeskReleaseDetail> {
    const agent = actingAgent(user);
    const now = this.now();
    const row = await this.step(agent, await this.visible(user, id), version, "approve", {
      step: { kind: "approved" },
      // The codes and the store rows commit with the approval, or not at all.
      apply: async (trx, approved) => {
        await assignMissingCodes(trx, approved, this.deps.codes, now);
        await insertPendingStores(trx, approved.id, RELEASE_STORES);
      },
    }).catch((error: unknown) => {
      // Another approval claimed the artist's UPC at this very moment (PostgreSQL's index).
      if (!isUniqueViolation(error)) throw error;
      throw conflict(releaseMessages.upcTaken, "UPC_TAKEN");
    });
    await this.deps.events.emit("release.approved", stepEvent(row, agent));
    return this.deskDetailOf(row);
  }

  async reject(
    user: PublicUser,
    id: string,
    input: RejectReleaseInput,
  ): Promise<DeskReleaseDetail> {
    const agent = actingAgent(user);
    const note = (input.note ?? "").trim();
    const row = await this.step(agent, await this.visible(user, id), input.version, "reject", {
      set: { rejectionReason: input.reason, rejectionNote: note },
      step: { kind: "rejected", reason: input.reason, note },
      // Rejected before any code was assigned: the artist's own ISRCs and UPC are theirs to use again.
      apply: async (trx) => {
        await releaseIsrcClaims(trx, id);
        await setUpcClaim(trx, id, null);
      },
      songReason: { reasonCode: input.reason, note },
    });
    await this.deps.events.emit("release.rejected", stepEvent(row, agent));
    return this.deskDetailOf(row);
  }

  /** Store rows; the first Live one makes the release live and its songs released. */
  async updateStores(
    user: PublicUser,
    id: string,
    input: StoreDeliveriesInput,
  ): Promise<DeskReleaseDetail> {
    const agent = actingAgent(user);
    const release = await this.visible(user, id);
    const state = release.state as ReleaseState;
    if (release.version !== input.version) throw await staleError(this.deps.db, id);
    if (state !== "approved" && state !== "live") {
      throw conflict(m.storesNeedApproval(state), "INVALID_TRANSITION");
    }
    const outcome = await saveDeliveries(this.deps.db, {
      releaseId: id,
      version: input.version,
      agent,
      deliveries: input.deliveries.map((d) => ({
        store: d.store,
        state: d.state,
        link: d.link ?? "",
        note: d.note ?? "",
      })),
      now: this.now(),
    }).catch(async (error: unknown) => {
      if (error instanceof ReasonNeeded) {
        const message = m.notLiveNeedsReason(error.store);
        const field = `deliveries.${error.index}.note`;
        throw new HttpError(400, message, { [field]: message }, "VALIDATION_FAILED");
      }
      throw error instanceof StaleStores ? await staleError(this.deps.db, id) : error;
    });
    for (const songId of outcome.changedSongs) {
      await this.deps.events.emit("song.changed", { songId, artistId: release.artistId });
    }
    if (outcome.changed)
      await this.deps.events.emit("release.storesUpdated", stepEvent(outcome.row, agent));
    if (outcome.wentLive) {
      await this.deps.events.emit("release.live", {
        ...stepEvent(outcome.row, agent),
        store: outcome.wentLive.store,
        link: outcome.wentLive.link,
      });
    }
    return this.deskDetailOf(outcome.row);
  }

  /** A song's store rows (its release's), to its artist or an agent. */
  async songStores(user: PublicUser, songId: string): Promise<SongStores> {
    const song = await songOwner(this.deps.db, songId);
    if (!song || (!user.admin && song.artistId !== user.id)) {
      throw new HttpError(404, m.songNotFound, undefined, "NOT_FOUND");
    }
    const track = await releaseOfSong(this.deps.db, songId);
    if (!track) return { releaseId: null, stores: [] };
    return {
      releaseId: track.releaseId,
      stores: toStoreDeliveries(await listStores(this.deps.db, track.releaseId)),
    };
  }

  /**
   * One agent step on the release the caller read (once): the version the
   * agent saw, the table's transition, then in one transaction the state
   * (only if still at that version), the songs' statuses, whatever `apply`
   * adds, and the timeline's step.
   */
  private async step(
    agent: Agent,
    release: ReleaseRow,
    version: number,
    action: ReleaseAction,
    change: {
      set?: Partial<
        Pick<ReleaseRow, "reviewerId" | "reviewSnapshot" | "rejectionReason" | "rejectionNote">
      >;
      step: ReleaseStepData;
      songReason?: { reasonCode: RejectionReason; note: string };
      apply?: (trx: Trx, row: ReleaseRow) => Promise<void>;
    },
  ): Promise<ReleaseRow> {
    const id = release.id;
    if (release.version !== version) throw await staleError(this.deps.db, id);
    const outcome = transition(release.state as ReleaseState, action);
    if (!outcome.ok) throw conflict(outcome.message, "INVALID_TRANSITION");
    const now = this.now();
    try {
      const { row, songIds } = await this.deps.db.transaction().execute(async (trx) => {
        const row = await moveReleaseState(trx, release, { ...change.set, state: outcome.to }, now);
        if (!row) throw new StaleRelease();
        await change.apply?.(trx, row);
        const songIds = await this.songsOf(trx, id);
        const status = SONG_STATUS_OF_STATE[outcome.to];
        const changedSongs = status
          ? await setStatusesOfRelease(trx, songIds, status, {
              by: { agentId: agent.id, name: agent.name },
              at: now,
              ...change.songReason,
            })
          : [];
        await insertStep(trx, {
          releaseId: id,
          data: change.step,
          actor: agent,
          releaseVersion: row.version,
          at: now,
        });
        return { row, songIds: changedSongs };
      });
      for (const songId of songIds) {
        await this.deps.events.emit("song.changed", { songId, artistId: row.artistId });
      }
      return row;
    } catch (error) {
      if (error instanceof StaleRelease) throw await staleError(this.deps.db, id);
      throw error;
    }
  }

  private async songsOf(db: Trx, releaseId: string): Promise<string[]> {
    const tracks = await findTracks(db, [releaseId]);
    return tracks.flatMap((track) => (track.songId ? [track.songId] : []));
  }

  /** What the release service lets the agent read, less drafts: a draft does not exist for the desk. */
  private async visible(user: PublicUser, id: string): Promise<ReleaseRow> {
    const row = await this.deps.releases.readable(user, id);
    if (row.state === "draft") throw releaseNotFound();
    return row;
  }

  private async deskDetailOf(row: ReleaseRow): Promise<DeskReleaseDetail> {
    const [detail, review, artist] = await Promise.all([
      this.deps.releases.detailOfRow(row),
      this.reviewOf(row),
      artistContact(this.deps.db, row.artistId),
    ]);
    const snapshot = parseSnapshot(row.reviewSnapshot);
    const reviewing = row.state === "submitted" || row.state === "in_review";
    return {
      ...detail,
      review,
      artist,
      changedSinceReview: snapshot && reviewing ? changedSince(snapshot, detail) : [],
      acknowledgedWarningsText: acknowledgedText(detail),
    };
  }
}

function stepEvent(row: ReleaseRow, agent: Agent) {
  return { releaseId: row.id, artistId: row.artistId, state: row.state, actorName: agent.name };
}

function actingAgent(user: PublicUser): Agent {
  return { id: user.id, name: displayName(user) };
}

/** The warnings the artist acknowledged, as the sentences they read. */
function acknowledgedText(detail: ReleaseDetail): string[] {
  const acknowledged = new Set(detail.acknowledgedWarnings);
  return detail.issues
    .filter((issue) => issue.severity === "warning" && acknowledged.has(issue.key))
    .map((issue) => issue.message);
}
