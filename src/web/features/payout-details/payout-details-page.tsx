import { Landmark } from "lucide-react";
import { PageHeader } from "../../components/page-header";
import { Alert } from "../../components/alert";
import { Spinner } from "../../components/spinner";
import { dateFormat } from "../../../shared/intl-formats";
import { NO_PAN_HIGHER_TDS_MESSAGE, type PayoutDetailsView } from "../../../shared/payout-details";
import { usePayoutDetails } from "./api/payout-details";
import { PayoutDetailsForm } from "./payout-details-form";

const when = () => dateFormat(undefined, { dateStyle: "medium", timeStyle: "short" });

/** Until when withdrawals wait after a change (issue 47), in the reader's own time. */
export function heldNotice(until: number): string {
  return `Withdrawals are on hold until ${when().format(until)} because your payout details changed.`;
}

/** Where withdrawals go now, masked as everywhere (`Bank: ••••1234 · HDFC0001234`). */
function CurrentDetails({ view }: { view: PayoutDetailsView }) {
  const { details } = view;
  const noPan = NO_PAN_HIGHER_TDS_MESSAGE(
    String(view.tdsRateNoPanPercent),
    String(view.tdsRatePercent),
  );
  return (
    <section
      aria-labelledby="current-details-heading"
      className="flex flex-col gap-3 rounded-xl bg-white p-4 ring-1 ring-slate-200 dark:bg-slate-900 dark:ring-slate-800"
    >
      <h2 id="current-details-heading" className="text-lg font-semibold">
        Withdrawals are paid to
      </h2>
      {details ? (
        <ul className="flex flex-col gap-1">
          <li className="flex items-center gap-2 font-medium break-all">
            <Landmark aria-hidden="true" className="size-5 shrink-0" />
            {details.destination}
          </li>
          {details.accountHolderName && <li>Account holder: {details.accountHolderName}</li>}
          <li>{details.pan ?? "No PAN"}</li>
        </ul>
      ) : (
        <p>No payout details yet. Add them below to withdraw your earnings.</p>
      )}
      {details && !details.pan && <p className="text-sm">{noPan}</p>}
      {view.withdrawalsHeldUntil !== null && (
        <Alert tone="warning">{heldNotice(view.withdrawalsHeldUntil)}</Alert>
      )}
    </section>
  );
}

/** /wallet/payout-details: where the artist's withdrawals are paid, UPI or bank transfer. */
export default function PayoutDetailsPage() {
  const query = usePayoutDetails();
  return (
    <div className="mx-auto flex w-full max-w-2xl flex-col gap-6 p-4 sm:p-6">
      <PageHeader title="Payout details" backTo="/wallet" backLabel="Back to wallet" />
      {query.isPending ? (
        <Spinner label="Loading payout details" />
      ) : query.isError ? (
        <Alert tone="error">{query.error.message}</Alert>
      ) : (
        <>
          <CurrentDetails view={query.data} />
          <PayoutDetailsForm view={query.data} />
        </>
      )}
    </div>
  );
}
