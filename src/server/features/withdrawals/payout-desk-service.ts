import type { Kysely } from "kysely";
import { maskPayoutDetails } from "../../../shared/payout-details";
import type { PayoutDesk } from "../../../shared/responses/withdrawals";
import { withdrawalMessages as m } from "../../../shared/withdrawal-messages";
import type { WithdrawalState } from "../../../shared/withdrawal-schemas";
import type { Database } from "../../db/schema";
import type { DomainEvents } from "../../events/domain-events";
import { HttpError } from "../../http/errors";
import {
  postWithdrawalFailed,
  postWithdrawalPaid,
  type WithdrawalMoney,
} from "../ledger/withdrawal-postings";
import type { PayoutDetailsService } from "../payout-details/payout-details-service";
import type { RecordedJob } from "../../mail/mail-outbox";
import { bankFileCsv } from "./bank-file";
import type { WithdrawalStepMails } from "./withdrawal-notices";
import {
  countsByState,
  IN_PROGRESS_STATES,
  moveWithdrawal,
  withdrawalById,
  withdrawalsInState,
  type WithdrawalRow,
} from "./withdrawal-repository";
import { withdrawalView } from "./withdrawal-view";

export interface PayoutDeskDeps {
  db: Kysely<Database>;
  payoutDetails: PayoutDetailsService;
  /** Each step's mail, recorded in the step's own transaction. */
  stepMails: WithdrawalStepMails;
  events: Pick<DomainEvents, "emit">;
  now?: () => number;
}

const VIEW_LIMIT = 500;

type DeskStep = "approved" | "paid" | "failed";

/** Paid or failed: where it may come from, what it sets, and the money it posts. */
interface MoneyStep {
  state: "paid" | "failed";
  from: readonly WithdrawalState[];
  set: (at: number) => Partial<Omit<WithdrawalRow, "id" | "artistId" | "idempotencyKey">>;
  post: (trx: Kysely<Database>, money: WithdrawalMoney) => Promise<unknown>;
}

/**
 * The finance desk's payouts (issue 47, section 4). Each step is a guarded
 * state move (only from the states it may follow), and a step that moves
 * money posts it in the same transaction; a step no longer possible is 409.
 * The caller has checked the finance role.
 */
export class PayoutDeskService {
  private readonly now: () => number;

  constructor(private readonly deps: PayoutDeskDeps) {
    this.now = deps.now ?? Date.now;
  }

  async view(state: WithdrawalState): Promise<PayoutDesk> {
    const [counts, rows] = await Promise.all([
      countsByState(this.deps.db),
      withdrawalsInState(this.deps.db, state, VIEW_LIMIT),
    ]);
    const items = await Promise.all(
      rows.map(async (row) => {
        const destination = await this.destinationOf(row);
        return {
          ...withdrawalView(row),
          artistId: row.artistId,
          artistName: row.artistName,
          artistEmail: row.artistEmail,
          destination: destination ? maskPayoutDetails(destination, 0).destination : null,
        };
      }),
    );
    return { view: state, counts, items };
  }

  /** Approves each still-requested one; the others (approved or failed meanwhile) are skipped. */
  async approve(agentId: string, ids: readonly string[]) {
    const approved: string[] = [];
    const skipped: string[] = [];
    for (const id of new Set(ids)) {
      const at = this.now();
      const moved = await this.deps.db.transaction().execute(async (trx) => {
        const artistId = await moveWithdrawal(trx, id, ["requested"], {
          state: "approved",
          approvedAt: at,
          approvedBy: agentId,
          updatedAt: at,
        });
        return artistId ? { artistId, stepMail: await this.recordStep(trx, id, "approved") } : null;
      });
      if (!moved) {
        skipped.push(id);
        continue;
      }
      approved.push(id);
      await this.announce(id, moved.artistId, "approved", moved.stepMail);
    }
    return { approved, skipped };
  }

  /** One: 404 unknown, 409 when it is no longer requested. */
  async approveOne(agentId: string, id: string): Promise<void> {
    const { approved } = await this.approve(agentId, [id]);
    if (approved.length === 0) throw await this.notPossible(id, "approved");
  }

  /** The approved ones as the bank's CSV, to their destinations in the clear. */
  async bankFile(): Promise<string> {
    const rows = await withdrawalsInState(this.deps.db, "approved", 10_000);
    const lines = await Promise.all(
      rows.map(async (row) => ({
        withdrawalId: row.id,
        artistName: row.artistName,
        netPaise: row.netPaise,
        destination: await this.destinationOf(row),
      })),
    );
    return bankFileCsv(lines);
  }

  /** Paid with the bank's UTR: only an approved one; the in-flight money is paid out. */
  markPaid(agentId: string, id: string, reference: string): Promise<void> {
    return this.settle(agentId, id, {
      state: "paid",
      from: ["approved"],
      post: postWithdrawalPaid,
      set: (at) => ({ reference, paidAt: at, paidBy: agentId }),
    });
  }

  /** Failed with a reason: the whole amount returns to the artist and its TDS is undone. */
  markFailed(agentId: string, id: string, reason: string): Promise<void> {
    return this.settle(agentId, id, {
      state: "failed",
      from: IN_PROGRESS_STATES,
      post: postWithdrawalFailed,
      set: (at) => ({ failureReason: reason, failedAt: at, failedBy: agentId }),
    });
  }

  /**
   * A step that moves money: in one transaction the guarded state move, its
   * posting and its mail; 404 unknown, 409 when the withdrawal is no longer
   * in a state the step may follow.
   */
  private async settle(agentId: string, id: string, step: MoneyStep): Promise<void> {
    const row = await this.existing(id);
    const at = this.now();
    const { state } = step;
    const stepMail = await this.deps.db.transaction().execute(async (trx) => {
      const moved = await moveWithdrawal(trx, id, step.from, {
        state,
        updatedAt: at,
        ...step.set(at),
      });
      if (!moved) return false;
      await step.post(trx, moneyOf(row, agentId, at));
      return this.recordStep(trx, id, state);
    });
    if (stepMail === false) {
      throw await this.notPossible(id, state === "paid" ? "paid" : "marked failed");
    }
    await this.announce(id, row.artistId, state, stepMail);
  }

  /** Where the withdrawal is paid: the details sealed at its request. */
  private destinationOf(row: WithdrawalRow) {
    return this.deps.payoutDetails.withdrawalDestination(row.artistId, row.payoutDestination);
  }

  private async existing(id: string): Promise<WithdrawalRow> {
    const row = await withdrawalById(this.deps.db, id);
    if (!row) throw new HttpError(404, m.notFound, undefined, "NOT_FOUND");
    return row;
  }

  private async notPossible(id: string, step: string): Promise<HttpError> {
    const row = await this.existing(id);
    return new HttpError(409, m.notPossible(row.state, step), undefined, "CONFLICT");
  }

  /** The step's mail, in the step's transaction; what to wake after it commits. */
  private async recordStep(trx: Kysely<Database>, withdrawalId: string, state: DeskStep) {
    const [job] = await this.deps.stepMails.recordIn(trx, [{ withdrawalId, state }]);
    return job ?? null;
  }

  /** After the step committed: its mail woken, and the artist's wallet told (no read: the step knew its artist). */
  private async announce(
    id: string,
    artistId: string,
    state: DeskStep,
    stepMail: RecordedJob | null,
  ) {
    this.deps.stepMails.wake([stepMail]);
    await this.deps.events.emit("withdrawal.changed", { withdrawalId: id, artistId, state });
  }
}

const moneyOf = (row: WithdrawalRow, by: string, now: number) => ({
  withdrawalId: row.id,
  artistId: row.artistId,
  amountPaise: row.amountPaise,
  tdsPaise: row.tdsPaise,
  by,
  now,
});
