import { ArrowDownLeft, ArrowUpRight, Construction } from "lucide-react";
import { WALLET_BALANCE, formatRupees, sampleTransactions } from "../../../shared/wallet";
import { dateFormat } from "../../../shared/intl-formats";

const day = () => dateFormat(undefined, { dateStyle: "medium", timeZone: "UTC" });

/** The wallet is under development: a fixed balance and sample transactions, not real data. */
export default function WalletPage() {
  return (
    <div className="mx-auto flex w-full max-w-2xl flex-col gap-6 p-4 sm:p-6">
      <h1 className="text-2xl font-bold">Wallet</h1>

      <div
        role="note"
        className="flex gap-3 rounded-xl border border-amber-300 bg-amber-50 p-4 text-amber-900 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100"
      >
        <Construction aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
        <div>
          <p className="font-semibold">Currently Under Development</p>
          <p className="text-sm">
            This feature is still in progress and may not function as expected.
          </p>
        </div>
      </div>

      <section
        aria-labelledby="balance-heading"
        className="rounded-xl bg-indigo-700 p-6 text-white dark:bg-indigo-900"
      >
        <h2 id="balance-heading" className="text-sm font-medium text-indigo-100">
          Available Balance
        </h2>
        <p className="mt-1 text-3xl font-bold">{formatRupees(WALLET_BALANCE)}</p>
      </section>

      <section aria-labelledby="transactions-heading" className="flex flex-col gap-2">
        <div className="flex items-baseline justify-between gap-2 px-1">
          <h2 id="transactions-heading" className="text-lg font-semibold">
            Recent Transactions
          </h2>
          <span className="rounded-full bg-slate-200 px-2.5 py-0.5 text-xs font-medium text-slate-800 dark:bg-slate-700 dark:text-slate-100">
            Sample data
          </span>
        </div>
        <ul
          aria-label="Recent transactions (sample data)"
          className="divide-y divide-slate-200 overflow-hidden rounded-xl bg-white ring-1 ring-slate-200 dark:divide-slate-800 dark:bg-slate-900 dark:ring-slate-800"
        >
          {sampleTransactions.map((t) => {
            const credit = t.type === "credit";
            const Icon = credit ? ArrowDownLeft : ArrowUpRight;
            return (
              <li key={t.id} className="flex items-center gap-3 px-4 py-3">
                <span
                  aria-hidden="true"
                  className={`flex size-9 shrink-0 items-center justify-center rounded-full ${credit ? "bg-green-100 text-green-800 dark:bg-green-950 dark:text-green-300" : "bg-red-100 text-red-800 dark:bg-red-950 dark:text-red-300"}`}
                >
                  <Icon className="size-5" />
                </span>
                <div className="min-w-0 flex-1">
                  <p className="font-medium break-words">{t.description}</p>
                  <p className="text-sm text-slate-600 dark:text-slate-300">
                    {credit ? "Credit" : "Debit"} ·{" "}
                    <time dateTime={t.date}>{day().format(new Date(t.date))}</time>
                  </p>
                </div>
                <p
                  className={`shrink-0 font-semibold tabular-nums ${credit ? "text-green-700 dark:text-green-300" : "text-red-700 dark:text-red-300"}`}
                >
                  {credit ? "+" : "−"}
                  {formatRupees(t.amount)}
                </p>
              </li>
            );
          })}
        </ul>
      </section>
    </div>
  );
}
