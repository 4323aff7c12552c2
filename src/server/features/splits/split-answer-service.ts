import type { Kysely } from "kysely";
import type {
  MySplit,
  MySplits,
  SplitAnswer,
  SplitInvitePreview,
} from "../../../shared/responses/splits";
import { percentText } from "../../../shared/basis-points";
import { splitMessages as m } from "../../../shared/split-messages";
import type { PublicUser } from "../../../shared/user";
import type { Database } from "../../db/schema";
import type { DomainEvents } from "../../events/domain-events";
import { HttpError } from "../../http/errors";
import { heldOf, postSplitAccept, postSplitReturn, type HeldMoved } from "../ledger/split-postings";
import {
  accountSince,
  claimShare,
  creditedByTrack,
  dueInvitations,
  hasAccountWithEmail,
  moveShare,
  shareById,
  shareByTokenHash,
  sharesOfCollaborator,
} from "./split-repository";
import { artistsOnly } from "./split-service";
import { hashInviteToken } from "./split-tokens";
import {
  artistNameOf,
  mySplitView,
  shareState,
  trackTitleOf,
  type NamedShareRow,
} from "./split-views";

export interface SplitAnswerServiceDeps {
  db: Kysely<Database>;
  events: Pick<DomainEvents, "emit">;
  now?: () => number;
}

const notFound = () => new HttpError(404, m.notFound, undefined, "NOT_FOUND");
const conflict = (message: string) => new HttpError(409, message, undefined, "CONFLICT");
const EXPIRY_BATCH = 100;

/**
 * The collaborator's side of splits (issue 47, section 1): their
 * invitations and shares, accepting (the held money moves to their wallet)
 * and declining (it returns to the artist), the public preview behind an
 * invitation's link, and the expiry of invitations left unanswered. Each
 * answer is one transaction: the share's state moves only if it is still
 * invited, with the posting's idempotency key, so a double press, a retry
 * or a kill moves the money once or not at all.
 */
export class SplitAnswerService {
  private readonly now: () => number;

  constructor(private readonly deps: SplitAnswerServiceDeps) {
    this.now = deps.now ?? Date.now;
  }

  async mine(user: PublicUser): Promise<MySplits> {
    if (user.admin) throw artistsOnly();
    const rows = await sharesOfCollaborator(this.deps.db, {
      email: user.email.toLowerCase(),
      userId: user.id,
      accountSince: await this.accountSince(user),
    });
    const views = await this.views(user.id, rows);
    return {
      invitations: views.filter((s) => s.state === "invited"),
      shares: views.filter((s) => s.state === "accepted"),
    };
  }

  async accept(user: PublicUser, shareId: string): Promise<SplitAnswer> {
    const share = await this.ownInvitation(user, shareId);
    const now = this.now();
    if (share.state === "accepted" && share.collaboratorId === user.id) {
      return this.answer(user.id, shareId, 0);
    }
    if (share.state === "invited" && share.expiresAt <= now) {
      await this.expire(shareId, now);
      throw conflict(m.expired);
    }
    const moved = await this.deps.db.transaction().execute(async (trx) => {
      const won = await moveShare(
        trx,
        shareId,
        ["invited"],
        { state: "accepted", answeredAt: now, collaboratorId: user.id, now },
        { unexpiredAt: now },
      );
      if (won === 0) return null;
      return postSplitAccept(trx, { shareId, toUserId: user.id, by: user.id, now });
    });
    if (!moved) return this.settled(user, shareId, "accepted");
    await this.announce(moved, user.id);
    return this.answer(user.id, shareId, moved.movedPaise);
  }

  async decline(user: PublicUser, shareId: string): Promise<SplitAnswer> {
    const share = await this.ownInvitation(user, shareId);
    const now = this.now();
    if (share.state === "declined") return this.answer(user.id, shareId, 0);
    if (share.state === "invited" && share.expiresAt <= now) {
      await this.expire(shareId, now);
      throw conflict(m.expired);
    }
    const moved = await this.deps.db.transaction().execute(async (trx) => {
      const won = await moveShare(trx, shareId, ["invited"], {
        state: "declined",
        answeredAt: now,
        collaboratorId: user.id,
        now,
      });
      if (won === 0) return null;
      return postSplitReturn(trx, { shareId, toUserId: share.artistId, by: user.id, now });
    });
    if (!moved) return this.settled(user, shareId, "declined");
    await this.announce(moved, share.artistId);
    return this.answer(user.id, shareId, 0);
  }

  /**
   * The invited account opened its invitation's link: the invitation is
   * theirs from now on, to answer at /wallet/splits. Only the link ties an
   * invitation to an account made after it was sent: the portal does not
   * verify emails, so anyone could register the invited address.
   */
  async claim(user: PublicUser, token: string): Promise<void> {
    if (user.admin) throw artistsOnly();
    const tokenHash = hashInviteToken(token);
    const share = await shareByTokenHash(this.deps.db, tokenHash);
    if (!share) throw notFound();
    const email = user.email.toLowerCase();
    if (share.email !== email) throw new HttpError(403, m.notForYou, undefined, "FORBIDDEN");
    await claimShare(this.deps.db, { tokenHash, email, userId: user.id, now: this.now() });
  }

  /** What the invitation's link shows before signing in: names and the share, nothing else. */
  async preview(token: string): Promise<SplitInvitePreview> {
    const share = await shareByTokenHash(this.deps.db, hashInviteToken(token));
    if (!share) throw notFound();
    const expired = share.state === "invited" && share.expiresAt <= this.now();
    return {
      artistName: artistNameOf(share),
      releaseTitle: share.releaseTitle ?? "",
      trackTitle: trackTitleOf(share),
      share: percentText(share.basisPoints),
      shareBasisPoints: share.basisPoints,
      email: share.email,
      state: expired ? "expired" : shareState(share.state),
      expiresAt: share.expiresAt,
      hasAccount: await hasAccountWithEmail(this.deps.db, share.email),
    };
  }

  /** Invitations unanswered after SPLIT_INVITE_DAYS: each share and its held money go back to the artist. */
  async expireDue(): Promise<number> {
    const now = this.now();
    let count = 0;
    for (;;) {
      const due = await dueInvitations(this.deps.db, now, EXPIRY_BATCH);
      for (const share of due) {
        if (await this.expire(share.id, now)) count += 1;
      }
      if (due.length < EXPIRY_BATCH) return count;
    }
  }

  /** One expiry: the state and the return in one transaction; false when it was answered meanwhile. */
  private async expire(shareId: string, now: number): Promise<boolean> {
    const result = await this.deps.db.transaction().execute(async (trx) => {
      const won = await moveShare(
        trx,
        shareId,
        ["invited"],
        { state: "expired", now },
        { expiredBy: now },
      );
      if (won === 0) return null;
      const share = await shareById(trx, shareId);
      if (!share) return null;
      const moved = await postSplitReturn(trx, {
        shareId,
        toUserId: share.artistId,
        by: null,
        now,
      });
      return moved && { moved, artistId: share.artistId };
    });
    if (result) await this.announce(result.moved, result.artistId);
    return result !== null;
  }

  /**
   * The share, when it is this user's: answered or claimed by them, or sent
   * to their email after their account existed (an account made later claims
   * it through the link first); else 404.
   */
  private async ownInvitation(user: PublicUser, shareId: string) {
    if (user.admin) throw artistsOnly();
    const share = await shareById(this.deps.db, shareId);
    if (!share) throw notFound();
    if (share.collaboratorId === user.id) return share;
    const sentToThisAccount =
      share.collaboratorId === null &&
      share.email === user.email.toLowerCase() &&
      share.invitedAt >= (await this.accountSince(user));
    if (!sentToThisAccount) throw notFound();
    return share;
  }

  /** When the user's account was made; a vanished account is newer than any invitation. */
  private async accountSince(user: PublicUser): Promise<number> {
    return (await accountSince(this.deps.db, user.id)) ?? Number.MAX_SAFE_INTEGER;
  }

  /** Another press or request answered first: the same answer again, or 409 when it was the other one. */
  private async settled(user: PublicUser, shareId: string, wanted: string): Promise<SplitAnswer> {
    const share = await shareById(this.deps.db, shareId);
    if (share?.state === wanted && share.collaboratorId === user.id) {
      return this.answer(user.id, shareId, 0);
    }
    if (share?.state === "invited") throw conflict(m.expired);
    throw conflict(m.alreadyAnswered(share?.state ?? "removed"));
  }

  private async answer(userId: string, shareId: string, movedPaise: number): Promise<SplitAnswer> {
    const share = await shareById(this.deps.db, shareId);
    if (!share) throw notFound();
    const [view] = await this.views(userId, [share]);
    return { share: view!, movedPaise };
  }

  private async views(userId: string, rows: readonly NamedShareRow[]): Promise<MySplit[]> {
    const [held, credited] = await Promise.all([
      heldOf(
        this.deps.db,
        rows.filter((r) => r.state === "invited").map((r) => r.id),
      ),
      creditedByTrack(
        this.deps.db,
        userId,
        rows.filter((r) => r.state === "accepted").map((r) => r.trackId),
      ),
    ]);
    return rows.map((r) => mySplitView(r, held.get(r.id) ?? 0, credited.get(r.trackId) ?? 0));
  }

  private async announce(moved: HeldMoved, userId: string): Promise<void> {
    await this.deps.events.emit("ledger.posted", {
      postingId: moved.postingId,
      kind: moved.kind,
      statementId: null,
      artistIds: [userId],
    });
  }
}
