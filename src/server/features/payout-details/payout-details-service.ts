import type { Kysely } from "kysely";
import {
  maskPayoutDetails,
  type PayoutDestination,
  type PayoutDetailsValues,
  type PayoutDetailsView,
} from "../../../shared/payout-details";
import { WRONG_PASSWORD_MESSAGE } from "../../../shared/account-messages";
import type { PublicUser } from "../../../shared/user";
import type { AttemptLimiter } from "../../auth/attempt-limiter";
import type { PayoutConfig } from "../../config";
import type { Database } from "../../db/schema";
import { batchedRowsByKey } from "../../db/batched-reads";
import { HttpError } from "../../http/errors";
import { checkPassword } from "../account/service";
import type { NoticeDeps } from "../notices/notice-deps";
import { payoutDetailsNotices, type PayoutDetailsNotices } from "../notices/security-notices";
import type { PayoutCipher } from "./payout-cipher";
import {
  findPayoutDetails,
  payoutDetailsOf,
  upsertPayoutDetails,
  type PayoutDetailsRow,
} from "./payout-details-repository";

export const ARTISTS_ONLY_PAYOUT_MESSAGE = "Payout details are for artists only.";

export interface PayoutDetailsServiceDeps {
  db: Kysely<Database>;
  cipher: PayoutCipher;
  payouts: Pick<PayoutConfig, "tds" | "detailsHoldHours">;
  /** Wrong current passwords count against the account's re-authentication limit. */
  reauthLimiter: AttemptLimiter;
  /** Records each change's security notice with the change, and mails it. */
  notices: NoticeDeps;
  now?: () => number;
}

/** What the withdrawal step needs to know (issue 47, section 3). */
export interface WithdrawalTerms {
  hasDetails: boolean;
  hasPan: boolean;
  /** Epoch ms until which withdrawals wait after a change; null: none. */
  heldUntil: number | null;
  /**
   * The details a withdrawal requested now is paid to, sealed (JSON of the
   * stored row's destination, its values still encrypted): kept on the
   * withdrawal, so a later change of details does not redirect it.
   */
  sealedDestination: string | null;
}

/** The stored row's fields that say where to pay (the encrypted ones still encrypted). */
type SealedFields = Pick<
  PayoutDetailsRow,
  | "method"
  | "accountHolderName"
  | "ifsc"
  | "upiIdEncrypted"
  | "accountNumberEncrypted"
  | "panEncrypted"
>;

function seal(row: PayoutDetailsRow): string {
  const { method, accountHolderName, ifsc, upiIdEncrypted, accountNumberEncrypted, panEncrypted } =
    row;
  const fields: SealedFields = {
    method,
    accountHolderName,
    ifsc,
    upiIdEncrypted,
    accountNumberEncrypted,
    panEncrypted,
  };
  return JSON.stringify(fields);
}

/**
 * An artist's payout details: read masked, saved with the current password,
 * each change mailed and followed by a hold on withdrawals. The clear values
 * exist only in memory, between the request and the cipher.
 */
export class PayoutDetailsService {
  private readonly now: () => number;
  /** The rows a turn's withdrawal requests ask for, read in one statement. */
  private readonly rowOf: (userId: string) => Promise<PayoutDetailsRow | undefined>;
  /** Each change's security notice, recorded in the change's own transaction. */
  private readonly notices: PayoutDetailsNotices;

  constructor(private readonly deps: PayoutDetailsServiceDeps) {
    this.now = deps.now ?? Date.now;
    this.notices = payoutDetailsNotices(deps.notices);
    this.rowOf = batchedRowsByKey(
      (userIds) => payoutDetailsOf(deps.db, userIds),
      (row) => row.userId,
    );
  }

  /** The artist's details, masked, with the hold and the TDS rates the page explains. */
  async view(user: PublicUser): Promise<PayoutDetailsView> {
    requireArtist(user);
    const row = await findPayoutDetails(this.deps.db, user.id);
    return this.viewOf(user.id, row);
  }

  /** Checks the password, stores the details encrypted, holds withdrawals, mails the notice. */
  async save(user: PublicUser, input: PayoutDetailsValues): Promise<PayoutDetailsView> {
    requireArtist(user);
    const { db, reauthLimiter, cipher, payouts } = this.deps;
    if (!(await checkPassword(db, reauthLimiter, user.id, input.password))) {
      throw new HttpError(
        400,
        WRONG_PASSWORD_MESSAGE,
        { password: WRONG_PASSWORD_MESSAGE },
        "INVALID_PASSWORD",
      );
    }
    const at = this.now();
    const heldUntil =
      payouts.detailsHoldHours > 0 ? at + payouts.detailsHoldHours * 3_600_000 : null;
    const seal = (field: "upiId" | "accountNumber" | "pan", value: string | null) =>
      value === null ? null : cipher.encrypt(user.id, field, value);
    const row: PayoutDetailsRow = {
      userId: user.id,
      method: input.method,
      accountHolderName: input.method === "bank" ? input.accountHolderName : null,
      ifsc: input.method === "bank" ? input.ifsc : null,
      upiIdEncrypted: seal("upiId", input.method === "upi" ? input.upiId : null),
      accountNumberEncrypted: seal(
        "accountNumber",
        input.method === "bank" ? input.accountNumber : null,
      ),
      panEncrypted: seal("pan", input.pan),
      updatedAt: at,
      withdrawalsHeldUntil: heldUntil,
    };
    const view = this.viewOf(user.id, row);
    // The details and their security notice commit together, or neither.
    const notice = await db.transaction().execute(async (trx) => {
      await upsertPayoutDetails(trx, row);
      return this.notices.recordIn(trx, {
        userId: user.id,
        email: user.email,
        destination: view.details!.destination,
        pan: view.details!.pan,
        heldUntil,
        at,
      });
    });
    this.notices.wake(notice);
    return view;
  }

  /** Where to pay the artist, in the clear: for the finance desk's bank file only. */
  async destinationOf(userId: string): Promise<PayoutDestination | null> {
    const row = await findPayoutDetails(this.deps.db, userId);
    return row ? this.open(userId, row) : null;
  }

  /**
   * Where to pay a withdrawal, in the clear (the bank file; masked on the
   * desk): the details sealed at its request, or, for a withdrawal made
   * before destinations were kept, the artist's details now.
   */
  async withdrawalDestination(
    artistId: string,
    sealed: string | null,
  ): Promise<PayoutDestination | null> {
    if (sealed === null) return this.destinationOf(artistId);
    return this.open(artistId, JSON.parse(sealed) as SealedFields);
  }

  /** Whether the artist may withdraw now, and at which TDS rate (with or without PAN). */
  async withdrawalTermsOf(userId: string): Promise<WithdrawalTerms> {
    const row = await this.rowOf(userId);
    return {
      hasDetails: row !== undefined,
      hasPan: row?.panEncrypted != null,
      heldUntil: this.heldUntilOf(row),
      sealedDestination: row ? seal(row) : null,
    };
  }

  private viewOf(userId: string, row: PayoutDetailsRow | undefined): PayoutDetailsView {
    const { tds } = this.deps.payouts;
    return {
      details: row ? maskPayoutDetails(this.open(userId, row), row.updatedAt) : null,
      withdrawalsHeldUntil: this.heldUntilOf(row),
      tdsRatePercent: tds.rateBasisPoints / 100,
      tdsRateNoPanPercent: tds.noPanRateBasisPoints / 100,
    };
  }

  /** A hold that has passed is no hold. */
  private heldUntilOf(row: PayoutDetailsRow | undefined): number | null {
    const until = row?.withdrawalsHeldUntil ?? null;
    return until !== null && until > this.now() ? until : null;
  }

  private open(userId: string, row: SealedFields): PayoutDestination {
    const { cipher } = this.deps;
    const pan = row.panEncrypted ? cipher.decrypt(userId, "pan", row.panEncrypted) : null;
    if (row.method === "upi") {
      return { method: "upi", upiId: cipher.decrypt(userId, "upiId", row.upiIdEncrypted!), pan };
    }
    return {
      method: "bank",
      accountHolderName: row.accountHolderName ?? "",
      accountNumber: cipher.decrypt(userId, "accountNumber", row.accountNumberEncrypted!),
      ifsc: row.ifsc ?? "",
      pan,
    };
  }
}

function requireArtist(user: PublicUser): void {
  if (user.admin) throw new HttpError(403, ARTISTS_ONLY_PAYOUT_MESSAGE, undefined, "FORBIDDEN");
}
