import { useId, useMemo, useState } from "react";
import { numberFormat } from "../../../shared/intl-formats";
import { formatPaise } from "../../../shared/money-format";
import type { EarningsRow } from "../../../shared/responses/wallet";
import { Button } from "../../components/button";
import { BarChart } from "./bar-chart";

/**
 * One breakdown (by sale month, store, country or track): a chart, and its
 * numbers as a table. The table is always there for screen readers and shown
 * on request (Show numbers) to everyone else.
 */
export function EarningsCard({
  title,
  firstColumn,
  rows,
}: {
  title: string;
  /** The table's first header: "Sale month", "Store", "Country", "Track". */
  firstColumn: string;
  rows: readonly EarningsRow[];
}) {
  const headingId = useId();
  const tableId = useId();
  const [showTable, setShowTable] = useState(false);
  const bars = useMemo(
    () => rows.map((row) => ({ label: row.label, paise: row.amountPaise })),
    [rows],
  );
  const count = numberFormat(undefined);
  return (
    <section
      aria-labelledby={headingId}
      className="flex min-w-0 flex-col gap-3 rounded-xl bg-white p-4 ring-1 ring-slate-200 dark:bg-slate-900 dark:ring-slate-800"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id={headingId} className="text-lg font-semibold">
          {title}
        </h2>
        {rows.length > 0 && (
          <Button
            variant="secondary"
            aria-expanded={showTable}
            aria-controls={tableId}
            onClick={() => setShowTable((shown) => !shown)}
          >
            {showTable ? "Hide numbers" : "Show numbers"}
            <span className="sr-only"> of {title.toLowerCase()}</span>
          </Button>
        )}
      </div>
      {rows.length === 0 ? (
        <p className="text-sm text-slate-600 dark:text-slate-300">No earnings in this period.</p>
      ) : (
        <>
          <BarChart bars={bars} label={title} />
          <div id={tableId} className={showTable ? "overflow-x-auto" : "sr-only"}>
            <table className="w-full text-left text-sm">
              <caption className="sr-only">{title}</caption>
              <thead>
                <tr className="border-b border-slate-200 dark:border-slate-700">
                  <th scope="col" className="py-2 pr-3 font-semibold">
                    {firstColumn}
                  </th>
                  <th scope="col" className="py-2 pr-3 text-right font-semibold">
                    Quantity
                  </th>
                  <th scope="col" className="py-2 text-right font-semibold">
                    Amount
                  </th>
                </tr>
              </thead>
              <tbody>
                {rows.map((row) => (
                  <tr key={row.key} className="border-b border-slate-100 dark:border-slate-800">
                    <th scope="row" className="py-2 pr-3 font-medium break-words">
                      {row.label}
                    </th>
                    <td className="py-2 pr-3 text-right tabular-nums">
                      {count.format(row.quantity)}
                    </td>
                    <td className="py-2 text-right tabular-nums">{formatPaise(row.amountPaise)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
    </section>
  );
}
