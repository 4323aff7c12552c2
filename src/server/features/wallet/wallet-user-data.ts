import { WALLET_NOT_EMPTY_CODE, walletGiveUpMessages as m } from "../../../shared/account-messages";
import type { UserDataRemover } from "../../context";
import { HttpError } from "../../http/errors";
import { lockedArtistBalance, postAccountClose } from "../ledger/account-close-postings";

/*
 * A deleted account's wallet (decision 135). Right after the splits' locks
 * (user-data-removers.ts): money left in the wallet goes only with the
 * user's word for that amount (the page shows it and asks), its row locked
 * so no posting moves it meanwhile. The last remover, after the splits' held money came back: the
 * balance goes to the label, so no account holds money for no one.
 */
export const refuseWalletNotGivenUp: UserDataRemover = async (trx, userId, deletion) => {
  const balance = await lockedArtistBalance(trx, userId);
  if (balance > 0 && deletion.giveUpPaise !== balance) {
    throw new HttpError(409, m.refused(balance), undefined, WALLET_NOT_EMPTY_CODE);
  }
  return { fileIds: [] };
};

export const closeWallet: UserDataRemover = async (trx, userId, deletion) => {
  await postAccountClose(trx, userId, deletion.now);
  return { fileIds: [] };
};
