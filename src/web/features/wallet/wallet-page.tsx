import { ChartColumn, Handshake, Landmark, ReceiptText } from "lucide-react";
import { Link } from "react-router";
import { formatPaise } from "../../../shared/money-format";
import { useWalletSummary } from "./api/get-wallet";
import { useLiveWallet } from "./api/live-wallet";
import { TransactionList } from "./transaction-list";
import { WithdrawalsSection } from "./withdrawals-section";

const linkClass =
  "inline-flex items-center gap-2 rounded-lg border border-slate-300 px-4 py-2.5 text-sm font-semibold text-slate-800 hover:bg-slate-100 dark:border-slate-600 dark:text-slate-100 dark:hover:bg-slate-800";

/** `/wallet`: the artist's real balance and transactions, live (issue 46); Withdraw and the withdrawals (issue 47). */
export default function WalletPage() {
  useLiveWallet();
  const summary = useWalletSummary();
  return (
    <div className="mx-auto flex w-full max-w-2xl flex-col gap-6 p-4 sm:p-6">
      <h1 className="text-2xl font-bold">Wallet</h1>

      <section
        aria-labelledby="balance-heading"
        className="rounded-xl bg-indigo-700 p-6 text-white dark:bg-indigo-900"
      >
        <h2 id="balance-heading" className="text-sm font-medium text-indigo-100">
          Available Balance
        </h2>
        <p className="mt-1 text-3xl font-bold break-words tabular-nums" aria-live="polite">
          {summary.isPending
            ? "…"
            : summary.isError
              ? "Could not load your balance."
              : formatPaise(summary.data.balancePaise)}
        </p>
      </section>

      <div className="flex flex-wrap gap-2">
        <Link to="/wallet/earnings" className={linkClass}>
          <ChartColumn aria-hidden="true" className="size-4" />
          Earnings
        </Link>
        <Link to="/wallet/payout-details" className={linkClass}>
          <Landmark aria-hidden="true" className="size-4" />
          Payout details
        </Link>
        <Link to="/wallet/tax" className={linkClass}>
          <ReceiptText aria-hidden="true" className="size-4" />
          Tax summary
        </Link>
        <Link to="/wallet/splits" className={linkClass}>
          <Handshake aria-hidden="true" className="size-4" />
          Splits
        </Link>
      </div>

      <WithdrawalsSection />

      <section aria-labelledby="transactions-heading" className="flex flex-col gap-2">
        <h2 id="transactions-heading" className="px-1 text-lg font-semibold">
          Recent Transactions
        </h2>
        <TransactionList />
      </section>
    </div>
  );
}
