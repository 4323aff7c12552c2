import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import { trackDisplayTitle } from "../../../shared/release-format";
import type { TrackSplits } from "../../../shared/responses/splits";
import { basisPointsFromPercent } from "../../../shared/basis-points";
import { splitMessages as m, yourShareLine } from "../../../shared/split-messages";
import {
  SPLIT_MAX_COLLABORATORS,
  SPLIT_WHOLE_BASIS_POINTS,
  type SplitsInput,
} from "../../../shared/split-schemas";
import type { PublicUser } from "../../../shared/user";
import { displayName } from "../../../shared/user";
import type { Database } from "../../db/schema";
import type { DomainEvents } from "../../events/domain-events";
import { HttpError } from "../../http/errors";
import { isFinanceAgent } from "../../auth/finance-role";
import { heldOf, lockShares, postSplitReturn, type HeldMoved } from "../ledger/split-postings";
import type { SplitInvite } from "./split-notices";
import {
  insertShare,
  liveShareIdsOfTrack,
  liveSharesOfTrack,
  touchTrackSplit,
  trackOfRelease,
  updateShareBasisPoints,
  moveShare,
  isUniqueViolation,
  type SplitShareRow,
} from "./split-repository";
import { newInviteToken } from "./split-tokens";
import { collaboratorView } from "./split-views";
import { DAY_MS } from "../../../shared/durations";

export interface SplitServiceDeps {
  db: Kysely<Database>;
  events: Pick<DomainEvents, "emit">;
  /** SPLIT_INVITE_DAYS */
  inviteDays: number;
  /** Mails each new collaborator (after the commit). */
  invite: (invites: readonly SplitInvite[]) => Promise<void>;
  now?: () => number;
}

type Track = NonNullable<Awaited<ReturnType<typeof trackOfRelease>>>;
interface Wanted {
  email: string;
  basisPoints: number;
}
interface Saved {
  invites: SplitInvite[];
  returned: HeldMoved[];
}

export const artistsOnly = () => new HttpError(403, m.artistsOnly, undefined, "FORBIDDEN");
const trackNotFound = () => new HttpError(404, m.trackNotFound, undefined, "NOT_FOUND");

/**
 * A track's splits as its artist keeps them (issue 47, section 1): the
 * collaborators, their shares and what is held for them. A save replaces
 * the list in one transaction: new emails are invited (and mailed after
 * the commit), listed ones get their new share, those left out are removed
 * and what was held for them returns to the artist in the same transaction.
 */
export class SplitService {
  private readonly now: () => number;

  constructor(private readonly deps: SplitServiceDeps) {
    this.now = deps.now ?? Date.now;
  }

  /** The artist who owns the release, or a finance agent (read-only). */
  async read(user: PublicUser, releaseId: string, trackId: string): Promise<TrackSplits> {
    if (user.admin && !(await isFinanceAgent(this.deps.db, user))) throw artistsOnly();
    const track = await trackOfRelease(this.deps.db, releaseId, trackId);
    if (!track || (!user.admin && track.artistId !== user.id)) throw trackNotFound();
    return this.view(track, []);
  }

  async save(
    user: PublicUser,
    releaseId: string,
    trackId: string,
    input: SplitsInput,
  ): Promise<TrackSplits> {
    if (user.admin) throw artistsOnly();
    const track = await trackOfRelease(this.deps.db, releaseId, trackId);
    if (!track || track.artistId !== user.id) throw trackNotFound();
    const wanted = wantedShares(user, input);
    const now = this.now();
    const done: Saved = { invites: [], returned: [] };
    try {
      await this.deps.db.transaction().execute(async (trx) => {
        await touchTrackSplit(trx, { ...track, by: user.id, now });
        // All of them, in the one order (decision 137), before any is changed or read.
        await lockShares(trx, await liveShareIdsOfTrack(trx, trackId));
        const live = new Map((await liveSharesOfTrack(trx, trackId)).map((s) => [s.email, s]));
        for (const share of live.values()) {
          if (wanted.some((w) => w.email === share.email)) continue;
          const back = await removeShare(trx, share, user.id, now);
          if (back) done.returned.push(back);
        }
        for (const w of wanted) {
          const existing = live.get(w.email);
          if (!existing) done.invites.push(await this.invite(trx, user, track, w, now));
          else if (existing.basisPoints !== w.basisPoints) {
            await updateShareBasisPoints(trx, existing.id, w.basisPoints, now);
          }
        }
      });
    } catch (err) {
      // Two saves at once on PostgreSQL: the other one's invitation won the index.
      if (isUniqueViolation(err)) throw new HttpError(409, m.savedMeanwhile, undefined, "CONFLICT");
      throw err;
    }
    for (const back of done.returned) {
      await this.deps.events.emit("ledger.posted", {
        postingId: back.postingId,
        kind: back.kind,
        statementId: null,
        artistIds: [user.id],
      });
    }
    await this.deps.invite(done.invites);
    return this.view(
      track,
      done.invites.map((i) => i.email),
    );
  }

  /** A new collaborator's share, invited now; the link's token goes only into the mail. */
  private async invite(
    trx: Kysely<Database>,
    user: PublicUser,
    track: Track,
    wanted: Wanted,
    now: number,
  ): Promise<SplitInvite> {
    const { token, hash } = newInviteToken();
    const expiresAt = now + this.deps.inviteDays * DAY_MS;
    await insertShare(trx, {
      id: randomUUID(),
      trackId: track.trackId,
      releaseId: track.releaseId,
      artistId: user.id,
      email: wanted.email,
      basisPoints: wanted.basisPoints,
      state: "invited",
      tokenHash: hash,
      invitedAt: now,
      expiresAt,
      answeredAt: null,
      collaboratorId: null,
      updatedAt: now,
    });
    return {
      email: wanted.email,
      token,
      artistName: displayName(user),
      trackTitle: trackDisplayTitle(track),
      basisPoints: wanted.basisPoints,
      expiresAt,
    };
  }

  private async view(track: Track, invited: string[]): Promise<TrackSplits> {
    const shares = await liveSharesOfTrack(this.deps.db, track.trackId);
    const held = await heldOf(
      this.deps.db,
      shares.map((s) => s.id),
    );
    const given = shares.reduce((sum, s) => sum + s.basisPoints, 0);
    const own = Math.max(0, SPLIT_WHOLE_BASIS_POINTS - given);
    return {
      releaseId: track.releaseId,
      trackId: track.trackId,
      trackTitle: trackDisplayTitle(track),
      collaborators: shares.map((s) => collaboratorView(s, held.get(s.id) ?? 0)),
      ownShareBasisPoints: own,
      ownShareLine: yourShareLine(own),
      appliesNote: m.appliesFromNow,
      invited,
      maxCollaborators: SPLIT_MAX_COLLABORATORS,
    };
  }
}

/** The list as basis points; the artist's own email and more than 100% are refused (400). */
function wantedShares(user: PublicUser, input: SplitsInput): Wanted[] {
  const own = user.email.toLowerCase();
  const selfAt = input.collaborators.findIndex((c) => c.email === own);
  if (selfAt >= 0) {
    const field = `collaborators.${selfAt}.email`;
    throw new HttpError(400, m.notYourself, { [field]: m.notYourself }, "VALIDATION_FAILED");
  }
  const wanted = input.collaborators.map((c) => ({
    email: c.email,
    basisPoints: basisPointsFromPercent(c.share),
  }));
  // The schema refuses these; said again where the money is decided.
  const total = wanted.reduce((sum, c) => sum + c.basisPoints, 0);
  if (total > SPLIT_WHOLE_BASIS_POINTS || wanted.length > SPLIT_MAX_COLLABORATORS) {
    const fields = { collaborators: m.sharesOver100 };
    throw new HttpError(400, m.sharesOver100, fields, "VALIDATION_FAILED");
  }
  return wanted;
}

/** A collaborator taken out: their share ends, and what was held for them returns to the artist. */
export async function removeShare(
  trx: Kysely<Database>,
  share: SplitShareRow,
  by: string | null,
  now: number,
): Promise<HeldMoved | null> {
  const moved = await moveShare(trx, share.id, [share.state], { state: "removed", now });
  if (moved === 0 || share.state !== "invited") return null;
  return postSplitReturn(trx, { shareId: share.id, toUserId: share.artistId, by, now });
}
