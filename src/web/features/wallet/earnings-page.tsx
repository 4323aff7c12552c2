import { useState } from "react";
import { Download } from "lucide-react";
import { formatPaise } from "../../../shared/money-format";
import type { EarningsBreakdown } from "../../../shared/responses/wallet";
import type { EarningsPeriod } from "../../../shared/statement-schemas";
import { Alert } from "../../components/alert";
import { PageHeader } from "../../components/page-header";
import { Spinner } from "../../components/spinner";
import { useEarnings } from "./api/get-earnings";
import { useLiveWallet } from "./api/live-wallet";
import { earningsCsvUrl } from "./api/wallet-keys";
import { EarningsCard } from "./earnings-card";

/**
 * The period choice, in the order shown. Its labels' Record keeps it to the
 * shared EARNINGS_PERIODS, whose module (zod schemas) the page does not load.
 */
const PERIOD_LABELS: Record<EarningsPeriod, string> = {
  last12: "Last 12 months",
  financialYear: "This financial year",
  all: "All time",
};

/** `/wallet/earnings`: what the artist earned by sale month, store, country and track. */
export default function EarningsPage() {
  useLiveWallet();
  const [period, setPeriod] = useState<EarningsPeriod>("last12");
  const earnings = useEarnings(period);
  return (
    <div className="mx-auto flex w-full max-w-4xl flex-col gap-4 p-4 sm:p-6">
      <PageHeader title="Earnings" backTo="/wallet" backLabel="Back to wallet" />
      <div className="-mt-2 flex flex-wrap items-end justify-between gap-3">
        <fieldset>
          <legend className="mb-1.5 text-sm font-medium">Period</legend>
          <div className="flex flex-wrap gap-2">
            {(Object.keys(PERIOD_LABELS) as EarningsPeriod[]).map((choice) => (
              <label
                key={choice}
                className="flex cursor-pointer items-center gap-2 rounded-lg border border-slate-300 px-3 py-2 text-sm font-medium has-[:checked]:border-indigo-600 has-[:checked]:bg-indigo-50 dark:border-slate-600 dark:has-[:checked]:border-indigo-400 dark:has-[:checked]:bg-indigo-950"
              >
                <input
                  type="radio"
                  name="period"
                  value={choice}
                  checked={period === choice}
                  onChange={() => setPeriod(choice)}
                  className="accent-indigo-600"
                />
                {PERIOD_LABELS[choice]}
              </label>
            ))}
          </div>
        </fieldset>
        <a
          href={earningsCsvUrl(period)}
          download
          className="inline-flex items-center gap-2 rounded-lg border border-slate-300 px-4 py-2.5 text-sm font-semibold text-slate-800 hover:bg-slate-100 dark:border-slate-600 dark:text-slate-100 dark:hover:bg-slate-800"
        >
          <Download aria-hidden="true" className="size-4" />
          Download CSV
        </a>
      </div>
      {earnings.isPending ? (
        <Spinner label="Loading your earnings…" className="py-10" />
      ) : earnings.isError ? (
        <Alert tone="error">Failed to load your earnings. Please try again later.</Alert>
      ) : (
        <EarningsResults earnings={earnings.data} loading={earnings.isPlaceholderData} />
      )}
    </div>
  );
}

/**
 * The total and the four charts. While another period loads they are the
 * last period's (kept so the page does not jump): busy, and saying so. Not
 * dimmed: the grey figures would fall below AA contrast while they show.
 */
export function EarningsResults(props: { earnings: EarningsBreakdown; loading: boolean }) {
  const { earnings, loading } = props;
  return (
    <div aria-busy={loading} className="flex flex-col gap-4">
      <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
        <p className="text-lg">
          Total: <span className="font-bold tabular-nums">{formatPaise(earnings.totalPaise)}</span>
        </p>
        <p role="status" className="text-sm font-medium">
          {loading ? "Loading…" : ""}
        </p>
      </div>
      <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">
        <EarningsCard title="By sale month" firstColumn="Sale month" rows={earnings.byMonth} />
        <EarningsCard title="By store" firstColumn="Store" rows={earnings.byStore} />
        <EarningsCard title="By country" firstColumn="Country" rows={earnings.byCountry} />
        <EarningsCard title="By track" firstColumn="Track" rows={earnings.byTrack} />
      </div>
    </div>
  );
}
