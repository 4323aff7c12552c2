import { dateFormat } from "./intl-formats";
import { formatPaise } from "./money-format";

/** Texts of issue 47, sections 3 to 5 (the refusals quoted exactly), and the pages' own. */
export const withdrawalMessages = {
  minimum: (minimumPaise: number) => `The minimum withdrawal is ${formatPaise(minimumPaise)}.`,
  upTo: (balancePaise: number) => `You can withdraw up to ${formatPaise(balancePaise)}.`,
  noDetails: "Add your payout details first.",
  /** A support agent (or an artist) on the payouts desk. */
  financeOnly: "Only finance agents can work with payouts.",
  inProgress: "You already have a withdrawal in progress.",
  /** The same request key again with another amount (a retry after the amount was changed). */
  alreadyRequested: (amountPaise: number) =>
    `This withdrawal was already requested, for ${formatPaise(amountPaise)}.`,
  /** Deleting the account while money is on its way (409). */
  deleteWhileInProgress:
    "You have a withdrawal in progress. You can delete your account once it is paid or has failed.",
  /** The hold after a change of payout details, in Indian time (the server's words). */
  held: (until: number) =>
    `Withdrawals are on hold until ${heldFormat().format(until)} IST because your payout details changed.`,
  negativeBalance: (balancePaise: number) =>
    `Withdrawing is closed: a statement reversal left your balance at ${formatPaise(balancePaise)}. It opens again once new earnings bring it above zero.`,
  amount: "Enter an amount in rupees, like 1500 or 1500.50.",
  artistsOnly: "Withdrawals are for artists only.",
  notFound: "This withdrawal does not exist.",
  referenceRequired: "Enter the UTR / reference.",
  reasonRequired: "Enter the reason.",
  /** A desk step that is no longer possible (409). */
  notPossible: (state: string, step: string) =>
    `This withdrawal is ${state.toLowerCase()}: it can no longer be ${step}.`,
  noneSelected: "Select at least one withdrawal.",
  requestedSubject: "Your withdrawal was requested",
  approvedSubject: "Your withdrawal was approved",
  paidSubject: "Your withdrawal was paid",
  failedSubject: "Your withdrawal failed",
} as const;

const heldFormat = () =>
  dateFormat("en-IN", { dateStyle: "medium", timeStyle: "short", timeZone: "Asia/Kolkata" });

/** `Amount Rs.X · TDS (10%) Rs.Y · You receive Rs.Z`: shown before confirming. */
export function withdrawalPreviewLine(p: {
  amountPaise: number;
  tdsPaise: number;
  netPaise: number;
  tdsRatePercent: number;
}): string {
  return `Amount ${formatPaise(p.amountPaise)} · TDS (${p.tdsRatePercent}%) ${formatPaise(p.tdsPaise)} · You receive ${formatPaise(p.netPaise)}`;
}
