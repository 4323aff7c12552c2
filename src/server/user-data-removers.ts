import type { UserDataRemover } from "./context";
import { removeChatData } from "./features/conversations/messages/chat-user-data";
import { removeAvatars } from "./features/profile/avatar-files";
import { removeReleaseData } from "./features/releases/release-user-data";
import { removeSongData } from "./features/songs/song-user-data";
import { lockSplitsOfUser, removeSplitData } from "./features/splits/split-user-data";
import { closeWallet, refuseWalletNotGivenUp } from "./features/wallet/wallet-user-data";
import { removeWithdrawalData } from "./features/withdrawals/withdrawal-user-data";

/**
 * What goes with a deleted account, feature by feature, in one transaction,
 * in this order. The first locks the user's shares before any ledger row
 * (a statement's posting takes them in that order). The next two refuse:
 * money left in the wallet without the user's word for that amount, and a
 * withdrawal on its way. The splits end before the wallet closes, so held
 * money returned to the user goes to the label with the rest of the balance
 * (decision 135).
 */
export const USER_DATA_REMOVERS: readonly UserDataRemover[] = [
  lockSplitsOfUser,
  refuseWalletNotGivenUp,
  removeWithdrawalData,
  removeSplitData,
  removeChatData,
  removeReleaseData,
  removeSongData,
  removeAvatars,
  closeWallet,
];
