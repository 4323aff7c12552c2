import { withdrawalMessages as m } from "../../../shared/withdrawal-messages";
import type { UserDataRemover } from "../../context";
import { HttpError } from "../../http/errors";
import { forgetWithdrawalDestinations, hasWithdrawalInProgress } from "./withdrawal-repository";

/**
 * A deleted account's withdrawals: kept, as financial records (TDS), with
 * the payout details sealed on them gone. While one is still on its way the
 * account cannot be deleted: its money would have no one to return to if
 * the bank refused it.
 */
export const removeWithdrawalData: UserDataRemover = async (trx, userId) => {
  if (await hasWithdrawalInProgress(trx, userId)) {
    throw new HttpError(409, m.deleteWhileInProgress, undefined, "CONFLICT");
  }
  await forgetWithdrawalDestinations(trx, userId);
  return { fileIds: [] };
};
