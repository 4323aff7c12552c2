import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import { paiseToDecimal } from "../../../shared/money-format";
import type { PublicUser } from "../../../shared/user";
import { financialYearOf, tdsFor, tdsRateOf } from "../../../shared/tds";
import {
  withdrawalMessages as m,
  withdrawalPreviewLine,
} from "../../../shared/withdrawal-messages";
import type {
  TaxSummary,
  Withdrawal,
  WithdrawalList,
  WithdrawalPreview,
} from "../../../shared/responses/withdrawals";
import type { PayoutConfig } from "../../config";
import type { Database } from "../../db/schema";
import type { DomainEvents } from "../../events/domain-events";
import { HttpError } from "../../http/errors";
import {
  availableBalanceOf,
  BalanceTooLowError,
  postWithdrawalRequest,
} from "../ledger/withdrawal-postings";
import type { PayoutDetailsService } from "../payout-details/payout-details-service";
import { csvRow } from "../wallet/earnings-csv";
import {
  insertWithdrawal,
  isUniqueViolation,
  taxYearsOf,
  withdrawalByKey,
  withdrawalInProgress,
  withdrawalsOf,
  yearTotals,
} from "./withdrawal-repository";
import { financialYearLabel, withdrawalView } from "./withdrawal-view";
import { paiseFromBigInt } from "../../../shared/paise";

export interface WithdrawalServiceDeps {
  db: Kysely<Database>;
  payoutDetails: PayoutDetailsService;
  payouts: Pick<PayoutConfig, "tds" | "minimumPaise">;
  events: Pick<DomainEvents, "emit">;
  now?: () => number;
}

/** A refusal: its status, its words, and the field it is about. */
interface Refusal {
  status: 400 | 409;
  message: string;
}

const LIST_LIMIT = 100;
export const TAX_CSV_HEADER = [
  "Financial year",
  "Withdrawn (Rs.)",
  "TDS deducted (Rs.)",
  "Paid out (Rs.)",
  "PAN",
];

/**
 * The artist's withdrawals (issue 47, section 3): the refusals, the TDS of
 * the financial year, and the request itself, whose money leaves the
 * available balance in the same transaction as its row is written.
 */
export class WithdrawalService {
  private readonly now: () => number;

  constructor(private readonly deps: WithdrawalServiceDeps) {
    this.now = deps.now ?? Date.now;
  }

  /** The artist's withdrawals, balance, minimum, and why withdrawing is closed now (if it is). */
  async list(user: PublicUser): Promise<WithdrawalList> {
    requireArtist(user);
    const [rows, balancePaise, closed] = await Promise.all([
      withdrawalsOf(this.deps.db, user.id, LIST_LIMIT),
      availableBalanceOf(this.deps.db, user.id),
      this.closedReason(user.id),
    ]);
    return {
      items: rows.map(withdrawalView),
      balancePaise,
      minimumPaise: this.minimumPaise(),
      closedReason: closed?.message ?? null,
    };
  }

  /** What a withdrawal of this amount would deduct, and the refusal it would meet now. */
  async preview(user: PublicUser, amountPaise: number): Promise<WithdrawalPreview> {
    requireArtist(user);
    const terms = await this.deps.payoutDetails.withdrawalTermsOf(user.id);
    const tds = await this.tdsOf(user.id, amountPaise, terms.hasPan);
    const refusal = await this.refusalOf(user.id, amountPaise);
    return { ...tds, line: withdrawalPreviewLine(tds), refusal: refusal?.message ?? null };
  }

  /**
   * Accepts a withdrawal: one transaction writes its row and posts its money.
   * The same key again answers the first withdrawal (`created: false`).
   */
  async request(
    user: PublicUser,
    amountPaise: number,
    clientKey: string | undefined,
  ): Promise<{ withdrawal: Withdrawal; created: boolean }> {
    requireArtist(user);
    const { db } = this.deps;
    const key = `${user.id}:${clientKey ?? randomUUID()}`;
    const earlier = await withdrawalByKey(db, key);
    if (earlier) return { withdrawal: withdrawalView(earlier), created: false };
    const refusal = await this.refusalOf(user.id, amountPaise);
    if (refusal) throw refused(refusal);
    const terms = await this.deps.payoutDetails.withdrawalTermsOf(user.id);
    const at = this.now();
    const tds = await this.tdsOf(user.id, amountPaise, terms.hasPan);
    const id = randomUUID();
    try {
      await db.transaction().execute(async (trx) => {
        await insertWithdrawal(trx, {
          id,
          artistId: user.id,
          idempotencyKey: key,
          state: "requested",
          amountPaise,
          tdsPaise: tds.tdsPaise,
          netPaise: tds.netPaise,
          // Stored as configured (basis points), not back through the percentage shown.
          tdsRateBasisPoints: tdsRateOf(this.deps.payouts.tds, terms.hasPan),
          hasPan: terms.hasPan ? 1 : 0,
          financialYear: financialYearOf(at).startYear,
          reference: null,
          failureReason: null,
          requestedAt: at,
          approvedAt: null,
          approvedBy: null,
          paidAt: null,
          paidBy: null,
          failedAt: null,
          failedBy: null,
          updatedAt: at,
        });
        await postWithdrawalRequest(trx, {
          withdrawalId: id,
          artistId: user.id,
          amountPaise,
          tdsPaise: tds.tdsPaise,
          by: user.id,
          now: at,
        });
      });
    } catch (error) {
      if (error instanceof BalanceTooLowError) {
        throw refused({ status: 400, message: m.upTo(await this.balance(user.id)) });
      }
      if (!isUniqueViolation(error)) throw error;
      // The same key committed first (a double press): its withdrawal; else another one is in progress.
      const first = await withdrawalByKey(db, key);
      if (first) return { withdrawal: withdrawalView(first), created: false };
      throw refused({ status: 409, message: m.inProgress });
    }
    await this.deps.events.emit("withdrawal.changed", {
      withdrawalId: id,
      artistId: user.id,
      state: "requested",
    });
    const row = await withdrawalByKey(db, key);
    return { withdrawal: withdrawalView(row!), created: true };
  }

  /** Per financial year: withdrawn, TDS deducted, paid out; and the PAN, masked. */
  async taxSummary(user: PublicUser): Promise<TaxSummary> {
    requireArtist(user);
    const [years, details] = await Promise.all([
      taxYearsOf(this.deps.db, user.id),
      this.deps.payoutDetails.view(user),
    ]);
    return {
      pan: details.details?.pan ?? null,
      years: years.map((y) => ({
        label: financialYearLabel(y.financialYear),
        withdrawnPaise: y.withdrawnPaise,
        tdsPaise: y.tdsPaise,
        paidOutPaise: y.paidOutPaise,
      })),
    };
  }

  /** The tax summary as CSV: one row per financial year. */
  async taxCsv(user: PublicUser): Promise<string> {
    const summary = await this.taxSummary(user);
    const pan = summary.pan ?? "";
    return (
      csvRow(TAX_CSV_HEADER) +
      summary.years
        .map((y) =>
          csvRow([
            y.label,
            paiseToDecimal(y.withdrawnPaise),
            paiseToDecimal(y.tdsPaise),
            paiseToDecimal(y.paidOutPaise),
            pan,
          ]),
        )
        .join("")
    );
  }

  /** Why the artist cannot withdraw anything now, whatever the amount. */
  private async closedReason(artistId: string): Promise<Refusal | null> {
    const terms = await this.deps.payoutDetails.withdrawalTermsOf(artistId);
    if (!terms.hasDetails) return { status: 400, message: m.noDetails };
    if (terms.heldUntil !== null) return { status: 400, message: m.held(terms.heldUntil) };
    if (await withdrawalInProgress(this.deps.db, artistId)) {
      return { status: 409, message: m.inProgress };
    }
    const balance = await this.balance(artistId);
    if (balance < 0) return { status: 400, message: m.negativeBalance(balance) };
    return null;
  }

  private async refusalOf(artistId: string, amountPaise: number): Promise<Refusal | null> {
    const closed = await this.closedReason(artistId);
    if (closed) return closed;
    const minimum = this.minimumPaise();
    if (amountPaise < minimum) return { status: 400, message: m.minimum(minimum) };
    const balance = await this.balance(artistId);
    if (amountPaise > balance) return { status: 400, message: m.upTo(balance) };
    return null;
  }

  private async tdsOf(artistId: string, amountPaise: number, hasPan: boolean) {
    const { tds: rules } = this.deps.payouts;
    const year = financialYearOf(this.now());
    const totals = await yearTotals(this.deps.db, artistId, year.startYear);
    const result = tdsFor(rules, {
      amountPaise: BigInt(amountPaise),
      yearWithdrawnPaise: BigInt(totals.withdrawnPaise),
      yearTdsPaise: BigInt(totals.tdsPaise),
      hasPan,
    });
    return {
      amountPaise,
      tdsPaise: paiseFromBigInt(result.tdsPaise),
      netPaise: paiseFromBigInt(result.netPaise),
      // The rate that applies to the artist, also while nothing is deducted yet.
      tdsRatePercent: tdsRateOf(rules, hasPan) / 100,
    };
  }

  private balance(artistId: string) {
    return availableBalanceOf(this.deps.db, artistId);
  }

  private minimumPaise() {
    return paiseFromBigInt(this.deps.payouts.minimumPaise);
  }
}

function refused(refusal: Refusal): HttpError {
  const code = refusal.status === 409 ? "CONFLICT" : "WITHDRAWAL_REFUSED";
  return new HttpError(refusal.status, refusal.message, { amountPaise: refusal.message }, code);
}

function requireArtist(user: PublicUser): void {
  if (user.admin) throw new HttpError(403, m.artistsOnly, undefined, "FORBIDDEN");
}
