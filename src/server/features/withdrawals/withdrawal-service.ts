import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import { paiseToDecimal } from "../../../shared/money-format";
import type { PublicUser } from "../../../shared/user";
import { financialYearOf } from "../../../shared/india-time";
import { tdsFor, tdsRateOf } from "../../../shared/tds";
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
import { batchedReads } from "../../db/batched-reads";
import { perTurnTransactions } from "../../db/per-turn-transactions";
import type { Database } from "../../db/schema";
import type { DomainEvents } from "../../events/domain-events";
import { HttpError } from "../../http/errors";
import {
  availableBalancesOf,
  BalanceTooLowError,
  postWithdrawalRequests,
} from "../ledger/withdrawal-postings";
import type { PayoutDetailsService } from "../payout-details/payout-details-service";
import { csvRow } from "../wallet/earnings-csv";
import {
  insertWithdrawals,
  isUniqueViolation,
  taxYearsOf,
  withdrawalByKey,
  withdrawalsBearingOn,
  isInProgress,
  type BearingAsk,
  withdrawalsOf,
  type WithdrawalRow,
} from "./withdrawal-repository";
import type { RecordedJob } from "../../mail/mail-outbox";
import type { WithdrawalStepMails } from "./withdrawal-notices";
import { financialYearLabel, withdrawalView } from "./withdrawal-view";
import { paiseFromBigInt } from "../../../shared/paise";
import { closedBy, refused, type Refusal, type Standing } from "./withdrawal-refusals";

export interface WithdrawalServiceDeps {
  db: Kysely<Database>;
  payoutDetails: PayoutDetailsService;
  /** The request's step mail, recorded in the request's own transaction. */
  stepMails: WithdrawalStepMails;
  payouts: Pick<PayoutConfig, "tds" | "minimumPaise">;
  events: Pick<DomainEvents, "emit">;
  /** Bursts committing at once (decision 122): 2 on PostgreSQL, 1 on SQLite's single writer. */
  burstsInFlight?: number;
  now?: () => number;
}

/** The financial year a withdrawal now falls in, and its standing withdrawals' totals. */
interface YearSoFar {
  financialYear: number;
  withdrawnPaise: number;
  tdsPaise: number;
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

  /**
   * Writes a request's row, posts its money and records its step mail in one
   * transaction; the requests of one turn share it (a burst of presses,
   * decision 117). Answers the mail to wake after the commit.
   */
  private readonly commitRequest: (row: WithdrawalRow) => Promise<RecordedJob | null>;

  /** A turn's reads of balances, and of the withdrawals bearing on requests, one statement each. */
  private readonly balanceOf: (artistId: string) => Promise<number>;
  private readonly bearingOn: (ask: BearingAsk) => Promise<WithdrawalRow[]>;

  constructor(private readonly deps: WithdrawalServiceDeps) {
    this.now = deps.now ?? Date.now;
    this.balanceOf = batchedReads((artistIds) => availableBalancesOf(deps.db, artistIds));
    this.bearingOn = batchedReads((asks) => withdrawalsBearingOn(deps.db, asks));
    this.commitRequest = perTurnTransactions(
      deps.db,
      async (trx, rows: WithdrawalRow[]) => {
        await insertWithdrawals(trx, rows);
        const mails = await deps.stepMails.recordIn(
          trx,
          rows.map((row) => ({ withdrawalId: row.id, state: "requested" })),
        );
        // The money last: it ends with the ledger's shared accounts (see postWithdrawalRequests).
        await postWithdrawalRequests(
          trx,
          rows.map((row) => ({
            withdrawalId: row.id,
            artistId: row.artistId,
            amountPaise: row.amountPaise,
            tdsPaise: row.tdsPaise,
            by: row.artistId,
            now: row.requestedAt,
          })),
        );
        return mails;
      },
      { inFlight: deps.burstsInFlight ?? 1 },
    );
  }

  /** The artist's withdrawals, balance, minimum, and why withdrawing is closed now (if it is). */
  async list(user: PublicUser): Promise<WithdrawalList> {
    requireArtist(user);
    const [rows, standing] = await Promise.all([
      withdrawalsOf(this.deps.db, user.id, LIST_LIMIT),
      this.situationOf(user.id).then((s) => s.standing),
    ]);
    return {
      items: rows.map(withdrawalView),
      balancePaise: standing.balancePaise,
      minimumPaise: this.minimumPaise(),
      closedReason: closedBy(standing)?.message ?? null,
    };
  }

  /** What a withdrawal of this amount would deduct, and the refusal it would meet now. */
  async preview(user: PublicUser, amountPaise: number): Promise<WithdrawalPreview> {
    requireArtist(user);
    const { standing, year } = await this.situationOf(user.id);
    const tds = this.tdsOf(year, standing.hasPan, amountPaise);
    const refusal = this.refusalBy(standing, amountPaise);
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
    // One read of everything the refusals and the TDS depend on; the
    // transaction below re-checks what could change meanwhile (the balance,
    // a withdrawal in progress) on its own.
    const { standing, year, earlier } = await this.situationOf(user.id, key);
    if (earlier) return this.answerForKey(earlier, amountPaise);
    const refusal = this.refusalBy(standing, amountPaise);
    if (refusal) throw refused(refusal);
    const at = this.now();
    const tds = this.tdsOf(year, standing.hasPan, amountPaise);
    const row: WithdrawalRow = {
      id: randomUUID(),
      artistId: user.id,
      idempotencyKey: key,
      state: "requested",
      amountPaise,
      tdsPaise: tds.tdsPaise,
      netPaise: tds.netPaise,
      // Stored as configured (basis points), not back through the percentage shown.
      tdsRateBasisPoints: tdsRateOf(this.deps.payouts.tds, standing.hasPan),
      hasPan: standing.hasPan ? 1 : 0,
      financialYear: year.financialYear,
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
      // Paid where the details stood at this request, whatever changes them later.
      payoutDestination: standing.sealedDestination,
    };
    const { id } = row;
    let stepMail: RecordedJob | null;
    try {
      stepMail = await this.commitRequest(row);
    } catch (error) {
      if (error instanceof BalanceTooLowError) {
        throw refused({ status: 400, message: m.upTo(await this.balanceOf(user.id)) });
      }
      if (!isUniqueViolation(error)) throw error;
      // The same key committed first (a double press): its withdrawal; else another one is in progress.
      const first = await withdrawalByKey(db, key);
      if (first) return this.answerForKey(first, amountPaise);
      throw refused({ status: 409, message: m.inProgress });
    }
    this.deps.stepMails.wake([stepMail]);
    await this.deps.events.emit("withdrawal.changed", {
      withdrawalId: id,
      artistId: user.id,
      state: "requested",
    });
    return { withdrawal: withdrawalView(row), created: true };
  }

  /**
   * The withdrawal already made with the request's key: answered again for
   * the same amount (a retry, a double press), refused for another one, so
   * the artist never believes an amount was asked that was not.
   */
  private answerForKey(earlier: WithdrawalRow, amountPaise: number) {
    if (earlier.amountPaise !== amountPaise) {
      throw refused({ status: 409, message: m.alreadyRequested(earlier.amountPaise) });
    }
    return { withdrawal: withdrawalView(earlier), created: false };
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

  /**
   * Everything a refusal and the TDS depend on, read at once (three
   * statements side by side, shared by the requests of the same turn): the
   * payout terms, the balance, and the artist's withdrawals that bear on a
   * new one, the one made with this key among them.
   */
  private async situationOf(artistId: string, key = "") {
    const financialYear = financialYearOf(this.now()).startYear;
    const [terms, balancePaise, rows] = await Promise.all([
      this.deps.payoutDetails.withdrawalTermsOf(artistId),
      this.balanceOf(artistId),
      this.bearingOn({ artistId, financialYear, key }),
    ]);
    const standing: Standing = {
      ...terms,
      balancePaise,
      inProgress: rows.some((r) => isInProgress(r.state)),
    };
    // Failed ones returned their money: they count for nothing.
    const counted = rows.filter((r) => r.financialYear === financialYear && r.state !== "failed");
    const year: YearSoFar = {
      financialYear,
      withdrawnPaise: counted.reduce((sum, r) => sum + r.amountPaise, 0),
      tdsPaise: counted.reduce((sum, r) => sum + r.tdsPaise, 0),
    };
    return { standing, year, earlier: rows.find((r) => key !== "" && r.idempotencyKey === key) };
  }

  private refusalBy(standing: Standing, amountPaise: number): Refusal | null {
    const closed = closedBy(standing);
    if (closed) return closed;
    const minimum = this.minimumPaise();
    if (amountPaise < minimum) return { status: 400, message: m.minimum(minimum) };
    const { balancePaise } = standing;
    if (amountPaise > balancePaise) return { status: 400, message: m.upTo(balancePaise) };
    return null;
  }

  private tdsOf(year: YearSoFar, hasPan: boolean, amountPaise: number) {
    const { tds: rules } = this.deps.payouts;
    const result = tdsFor(rules, {
      amountPaise: BigInt(amountPaise),
      yearWithdrawnPaise: BigInt(year.withdrawnPaise),
      yearTdsPaise: BigInt(year.tdsPaise),
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

  private minimumPaise() {
    return paiseFromBigInt(this.deps.payouts.minimumPaise);
  }
}

function requireArtist(user: PublicUser): void {
  if (user.admin) throw new HttpError(403, m.artistsOnly, undefined, "FORBIDDEN");
}
