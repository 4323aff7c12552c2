import type { UserDataRemover } from "../../context";
import type { DomainEventMap } from "../../events/domain-events";
import { ensureArtistAccounts, lockArtistAccounts } from "../ledger/account-close-postings";
import { lockShares } from "../ledger/split-postings";
import { liveSharesOfUser } from "./split-repository";
import { removeShare } from "./split-service";

/**
 * The shares each deletion locked first, by its transaction: the ones it
 * ends. A share saved between the lock and the end is not among them and
 * stays: ending it would lock it out of order (decision 137). Another
 * artist's invitation to the user's email is then as if sent a moment after
 * the deletion. One the user saves on their own track from another tab in
 * that same moment stays invited on a deleted track until it expires.
 */
const lockedByDeletion = new WeakMap<object, ReadonlySet<string>>();

/**
 * The first remover: the user's live shares locked before any ledger row,
 * each in id order, as a statement's import takes them, so a deletion and
 * an import do not deadlock (decisions 135, 137).
 */
export const lockSplitsOfUser: UserDataRemover = async (trx, userId, deletion) => {
  const shares = await liveSharesOfUser(trx, userId);
  const ids = shares.map((share) => share.id);
  await lockShares(trx, ids);
  lockedByDeletion.set(trx, new Set(ids));
  // Then every wallet the deletion will move, in id order: the user's own,
  // and each track's artist that held money of an invitation returns to.
  // (A share's artist never changes; one answered meanwhile only adds a lock.)
  const owners = shares
    .filter((share) => share.state === "invited" && share.artistId !== userId)
    .map((share) => share.artistId);
  // The artists' that will receive held money exist first, so all are locked here.
  await ensureArtistAccounts(trx, owners, deletion.now);
  await lockArtistAccounts(trx, [userId, ...owners]);
  return { fileIds: [] };
};

/**
 * A deleted account's splits (decision 135) end with it, as if removed:
 * on the user's own tracks, those they were a collaborator on, and
 * invitations to their email they could have accepted. From
 * then on the track's artist gets the whole of later earnings, never an
 * account that no longer exists, and money held for an invitation returns
 * to the track's artist (to the label with the rest of the wallet when the
 * deleted user is that artist). What moved to someone else is told once
 * committed, so their wallet updates.
 */
export const removeSplitData: UserDataRemover = async (trx, userId, deletion) => {
  const locked = lockedByDeletion.get(trx);
  if (!locked) throw new Error("lockSplitsOfUser must run first in the deletion's transaction");
  const posted: DomainEventMap["ledger.posted"][] = [];
  // Read again now that they are locked (one answered meanwhile has its new state).
  const shares = (await liveSharesOfUser(trx, userId)).filter((share) => locked.has(share.id));
  for (const share of shares) {
    const back = await removeShare(trx, share, null, deletion.now);
    if (back && share.artistId !== userId) {
      posted.push({
        postingId: back.postingId,
        kind: back.kind,
        statementId: null,
        artistIds: [share.artistId],
      });
    }
  }
  return { fileIds: [], posted };
};
