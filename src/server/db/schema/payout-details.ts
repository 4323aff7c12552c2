import type { EpochMs } from "./columns";

/** Where an artist's withdrawals are paid (migration 0025); secrets only encrypted. */
export interface PayoutDetailsTable {
  userId: string;
  method: string;
  accountHolderName: string | null;
  ifsc: string | null;
  upiIdEncrypted: string | null;
  accountNumberEncrypted: string | null;
  panEncrypted: string | null;
  updatedAt: EpochMs;
  withdrawalsHeldUntil: EpochMs | null;
}
