import { Download } from "lucide-react";
import { formatPaise } from "../../../shared/money-format";
import { Alert } from "../../components/alert";
import { PageHeader } from "../../components/page-header";
import { Spinner } from "../../components/spinner";
import { taxCsvUrl, useTaxSummary } from "./api/withdrawals";

const linkClass =
  "inline-flex items-center gap-2 self-start rounded-lg border border-slate-300 px-4 py-2.5 text-sm font-semibold text-slate-800 hover:bg-slate-100 dark:border-slate-600 dark:text-slate-100 dark:hover:bg-slate-800";

/** `/wallet/tax` (issue 47): per financial year withdrawn, TDS deducted, paid out; the PAN masked. */
export default function TaxPage() {
  const summary = useTaxSummary();
  return (
    <div className="mx-auto flex w-full max-w-2xl flex-col gap-4 p-4 sm:p-6">
      <PageHeader title="Tax summary" backTo="/wallet" backLabel="Back to wallet" />
      {summary.isPending ? (
        <Spinner label="Loading the tax summary…" className="py-10" />
      ) : summary.isError ? (
        <Alert tone="error">Could not load your tax summary. Please try again later.</Alert>
      ) : (
        <>
          <p className="text-sm">
            {summary.data.pan ?? "No PAN on file: TDS is deducted at the higher rate."}
          </p>
          {summary.data.years.length === 0 ? (
            <p className="text-sm text-slate-600 dark:text-slate-300">No withdrawals yet.</p>
          ) : (
            <table className="w-full text-left text-sm tabular-nums">
              <caption className="sr-only">Withdrawals and TDS by financial year</caption>
              <thead>
                <tr className="border-b border-slate-200 dark:border-slate-800">
                  <th scope="col" className="py-2">
                    Financial year
                  </th>
                  <th scope="col" className="py-2 text-right">
                    Withdrawn
                  </th>
                  <th scope="col" className="py-2 text-right">
                    TDS deducted
                  </th>
                  <th scope="col" className="py-2 text-right">
                    Paid out
                  </th>
                </tr>
              </thead>
              <tbody>
                {summary.data.years.map((y) => (
                  <tr key={y.label} className="border-b border-slate-100 dark:border-slate-800">
                    <th scope="row" className="py-2 font-medium">
                      {y.label}
                    </th>
                    <td className="py-2 text-right">{formatPaise(y.withdrawnPaise)}</td>
                    <td className="py-2 text-right">{formatPaise(y.tdsPaise)}</td>
                    <td className="py-2 text-right">{formatPaise(y.paidOutPaise)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
          <a href={taxCsvUrl} download className={linkClass}>
            <Download aria-hidden="true" className="size-4" />
            Download CSV
          </a>
        </>
      )}
    </div>
  );
}
