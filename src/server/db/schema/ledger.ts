import type { Generated } from "kysely";
import type { EpochMs, Int64 } from "./columns";

/** Staff roles beyond `user.admin` (migration 0026): `finance`. */
export interface UserRoleTable {
  userId: string;
  role: string;
  grantedAt: EpochMs;
}

/**
 * One balance in paise (migration 0027). Ids name what they hold:
 * `artist:USER_ID`, `label`, `unmatched`, `stores`.
 */
export interface LedgerAccountTable {
  id: string;
  kind: string;
  ownerId: string | null;
  balance: Generated<number>;
  createdAt: EpochMs;
}

/** One money step; its entries sum to zero; the key makes a retry post nothing. */
export interface LedgerPostingTable {
  id: string;
  idempotencyKey: string;
  kind: string;
  statementId: string | null;
  createdBy: string | null;
  createdAt: EpochMs;
}

/** Append-only; `amount` in paise (+ credits the account); `groupId`: statement_group.id. */
export interface LedgerEntryTable {
  id: Generated<number>;
  postingId: string;
  accountId: string;
  amount: Int64;
  groupId: Int64 | null;
  createdAt: EpochMs;
}

/** A split share a statement's posting pays, as it locked it (migration 0040, decision 138). */
export interface PostingSplitShareTable {
  postingId: string;
  shareId: string;
}
