import { formatPaise } from "../../../shared/money-format";
import type { Withdrawal } from "../../../shared/responses/withdrawals";
import { dateFormat } from "../../../shared/intl-formats";
import { WITHDRAWAL_STATE_LABELS } from "../../../shared/withdrawal-states";

const when = () => dateFormat(undefined, { dateStyle: "medium" });

/**
 * What the withdrawal takes and pays: a failed one took nothing (its whole
 * amount came back, its TDS was undone).
 */
const amountsLine = (w: Withdrawal) =>
  w.state === "failed"
    ? `Returned to your wallet: ${formatPaise(w.amountPaise)}`
    : `TDS ${formatPaise(w.tdsPaise)} · You receive ${formatPaise(w.netPaise)}`;

/** The artist's withdrawals, newest first, each with its state (and UTR or reason). */
export function WithdrawalList({ items }: { items: readonly Withdrawal[] }) {
  if (items.length === 0) {
    return <p className="px-1 text-sm text-slate-600 dark:text-slate-300">No withdrawals yet.</p>;
  }
  return (
    <ul className="flex flex-col divide-y divide-slate-200 rounded-xl bg-white ring-1 ring-slate-200 dark:divide-slate-800 dark:bg-slate-900 dark:ring-slate-800">
      {items.map((w) => (
        <li key={w.id} className="flex flex-col gap-1 p-4 text-sm">
          <div className="flex flex-wrap items-baseline justify-between gap-2">
            <span className="font-semibold tabular-nums">{formatPaise(w.amountPaise)}</span>
            <span className="rounded-full bg-slate-100 px-2 py-0.5 text-xs font-semibold dark:bg-slate-800">
              {WITHDRAWAL_STATE_LABELS[w.state]}
            </span>
          </div>
          <span className="text-slate-600 tabular-nums dark:text-slate-300">
            {when().format(w.requestedAt)} · {amountsLine(w)}
          </span>
          {w.reference && <span>UTR / reference: {w.reference}</span>}
          {w.failureReason && <span>Failed: {w.failureReason}</span>}
        </li>
      ))}
    </ul>
  );
}
