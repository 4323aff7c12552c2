import { formatPaise } from "../../../shared/money-format";
import type { StatementDetail, StatementTotals } from "../../../shared/responses/statements";
import { statementMessages as m } from "../../../shared/statement-messages";
import { Alert } from "../../components/alert";

/** `N lines · M matched · K unmatched`. */
export const countsLine = (totals: StatementTotals) =>
  `${totals.lineCount} lines · ${totals.matchedCount} matched · ${totals.unmatchedCount} unmatched`;

/** The preview's (or the import's) counts and totals: Total = Artists + Label + Unmatched. */
export function StatementTotalsView({ totals }: { totals: StatementTotals }) {
  const rows = [
    ["Total", totals.totalPaise],
    ["Artists", totals.artistsPaise],
    ["Label", totals.labelPaise],
    ["Unmatched", totals.unmatchedPaise],
  ] as const;
  return (
    <div className="flex flex-col gap-3">
      <p className="font-medium">{countsLine(totals)}</p>
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        {rows.map(([label, paise]) => (
          <div
            key={label}
            className="flex min-w-0 flex-col rounded-lg bg-slate-50 p-3 dark:bg-slate-800"
          >
            <dt className="text-sm text-slate-600 dark:text-slate-300">{label}</dt>
            <dd className="font-semibold break-words tabular-nums">{formatPaise(paise)}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}

/** The lines that cannot be read (the first 20, then `and N more`): nothing can be imported. */
export function LineErrors({ detail }: { detail: StatementDetail }) {
  if (detail.lineErrorCount === 0) return null;
  const more = detail.lineErrorCount - detail.lineErrors.length;
  return (
    <div className="flex flex-col gap-2">
      <Alert tone="error">{m.hasLineErrors}</Alert>
      <ul aria-label="Line errors" className="flex list-disc flex-col gap-1 pl-5 text-sm">
        {detail.lineErrors.map((error, index) => (
          <li key={index} className="break-words">
            {error}
          </li>
        ))}
        {more > 0 && <li>{m.moreErrors(more)}</li>}
      </ul>
    </div>
  );
}
