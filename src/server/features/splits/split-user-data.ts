import type { UserDataRemover } from "../../context";
import type { DomainEventMap } from "../../events/domain-events";
import { liveSharesOfUser } from "./split-repository";
import { removeShare } from "./split-service";

/**
 * A deleted account's splits (decision 135) end with it, as if removed:
 * on the user's own tracks, and those they were a collaborator on. From
 * then on the track's artist gets the whole of later earnings, never an
 * account that no longer exists, and money held for an invitation returns
 * to the track's artist (to the label with the rest of the wallet when the
 * deleted user is that artist). What moved to someone else is told once
 * committed, so their wallet updates.
 */
export const removeSplitData: UserDataRemover = async (trx, userId, deletion) => {
  const posted: DomainEventMap["ledger.posted"][] = [];
  for (const share of await liveSharesOfUser(trx, userId)) {
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
