import { useState } from "react";
import { Alert } from "../../components/alert";
import { Button } from "../../components/button";
import { Spinner } from "../../components/spinner";
import { useWithdrawals } from "./api/withdrawals";
import { WithdrawDialog } from "./withdraw-dialog";
import { WithdrawalList } from "./withdrawal-list";

/** The wallet's Withdraw button (or why withdrawing is closed) and the artist's withdrawals. */
export function WithdrawalsSection() {
  const withdrawals = useWithdrawals();
  const [open, setOpen] = useState(false);
  if (withdrawals.isPending) return <Spinner label="Loading withdrawals…" className="py-6" />;
  if (withdrawals.isError) {
    return <Alert tone="error">Could not load your withdrawals. Please try again later.</Alert>;
  }
  const { closedReason, balancePaise, items } = withdrawals.data;
  return (
    <section aria-labelledby="withdrawals-heading" className="flex flex-col gap-2">
      <div className="flex flex-wrap items-center justify-between gap-2 px-1">
        <h2 id="withdrawals-heading" className="text-lg font-semibold">
          Withdrawals
        </h2>
        <Button onClick={() => setOpen(true)} disabled={closedReason !== null}>
          Withdraw
        </Button>
      </div>
      {closedReason && <Alert tone="warning">{closedReason}</Alert>}
      <WithdrawalList items={items} />
      {open && <WithdrawDialog balancePaise={balancePaise} onClose={() => setOpen(false)} />}
    </section>
  );
}
