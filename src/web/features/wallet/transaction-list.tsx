import { useEffect, useRef } from "react";
import { ArrowDownLeft, ArrowUpRight } from "lucide-react";
import { dateFormat } from "../../../shared/intl-formats";
import { formatPaise } from "../../../shared/money-format";
import type { WalletTransaction } from "../../../shared/responses/wallet";
import { Alert } from "../../components/alert";
import { Button } from "../../components/button";
import { Spinner } from "../../components/spinner";
import { useWalletTransactions } from "./api/get-transactions";

const day = () => dateFormat(undefined, { dateStyle: "medium" });

/**
 * Recent Transactions: one row per statement credit, reversals as debits.
 * More load on scroll (the Show more button coming into view), and the
 * button itself stays for the keyboard.
 */
export function TransactionList() {
  const transactions = useWalletTransactions();
  const more = useRef<HTMLDivElement>(null);
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = transactions;

  useEffect(() => {
    const sentinel = more.current;
    if (!sentinel || !hasNextPage || typeof IntersectionObserver === "undefined") return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting) && !isFetchingNextPage) {
        void fetchNextPage();
      }
    });
    observer.observe(sentinel);
    return () => observer.disconnect();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);

  if (transactions.isPending) return <Spinner label="Loading transactions…" className="py-6" />;
  if (transactions.isError) {
    return <Alert tone="error">Failed to load your transactions. Please try again later.</Alert>;
  }
  const rows = transactions.data.pages.flatMap((page) => page.items);
  if (rows.length === 0) {
    return (
      <p className="rounded-xl bg-white p-4 text-slate-600 ring-1 ring-slate-200 dark:bg-slate-900 dark:text-slate-300 dark:ring-slate-800">
        No transactions yet. Your earnings appear here once a store statement that includes your
        songs is imported.
      </p>
    );
  }
  return (
    <>
      <ul
        aria-labelledby="transactions-heading"
        className="divide-y divide-slate-200 overflow-hidden rounded-xl bg-white ring-1 ring-slate-200 dark:divide-slate-800 dark:bg-slate-900 dark:ring-slate-800"
      >
        {rows.map((transaction) => (
          <TransactionRow key={transaction.id} transaction={transaction} />
        ))}
      </ul>
      {hasNextPage && (
        <div ref={more} className="flex justify-center">
          <Button
            variant="secondary"
            disabled={isFetchingNextPage}
            onClick={() => void fetchNextPage()}
          >
            {isFetchingNextPage ? "Loading more…" : "Show more transactions"}
          </Button>
        </div>
      )}
    </>
  );
}

function TransactionRow({ transaction: t }: { transaction: WalletTransaction }) {
  const credit = t.amountPaise >= 0;
  const Icon = credit ? ArrowDownLeft : ArrowUpRight;
  return (
    <li className="flex items-center gap-3 px-4 py-3">
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
          <time dateTime={new Date(t.at).toISOString()}>{day().format(t.at)}</time>
        </p>
      </div>
      <p
        className={`shrink-0 font-semibold tabular-nums ${credit ? "text-green-700 dark:text-green-300" : "text-red-700 dark:text-red-300"}`}
      >
        {credit ? "+" : ""}
        {formatPaise(t.amountPaise)}
      </p>
    </li>
  );
}
