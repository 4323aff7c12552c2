import { withdrawalMessages as m } from "../../../shared/withdrawal-messages";
import { HttpError } from "../../http/errors";
import type { WithdrawalTerms } from "../payout-details/payout-details-service";

/*
 * Why a withdrawal cannot be made now (issue 47, section 3): the refusals
 * that hold whatever the amount; the amount's own (minimum, balance) are
 * the service's.
 */

/** A refusal: its status, its words, and the field it is about. */
export interface Refusal {
  status: 400 | 409;
  message: string;
}

/** What decides whether the artist may withdraw now: payout terms, balance, one in progress. */
export interface Standing extends WithdrawalTerms {
  inProgress: boolean;
  balancePaise: number;
}

/** Why the artist cannot withdraw anything now, whatever the amount. */
export function closedBy(standing: Standing): Refusal | null {
  if (!standing.hasDetails) return { status: 400, message: m.noDetails };
  if (standing.heldUntil !== null) return { status: 400, message: m.held(standing.heldUntil) };
  // A balance below zero outlasts a withdrawal in progress: it is the reason to give.
  if (standing.balancePaise < 0) {
    return { status: 400, message: m.negativeBalance(standing.balancePaise) };
  }
  if (standing.inProgress) return { status: 409, message: m.inProgress };
  return null;
}

/** The refusal as the HTTP error the routes answer. */
export function refused(refusal: Refusal): HttpError {
  const code = refusal.status === 409 ? "CONFLICT" : "WITHDRAWAL_REFUSED";
  return new HttpError(refusal.status, refusal.message, { amountPaise: refusal.message }, code);
}
