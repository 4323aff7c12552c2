import { useDeferredValue, useId, useState } from "react";
import { paiseToDecimal } from "../../../shared/money-format";
import { withdrawalMessages } from "../../../shared/withdrawal-messages";
import { Alert } from "../../components/alert";
import { Button } from "../../components/button";
import { TextField } from "../../components/text-field";
import { useModalDialog } from "../../lib/use-modal-dialog";
import { useRequestWithdrawal, useWithdrawalPreview } from "./api/withdrawals";
import { rupeesToPaise } from "./rupees";

/**
 * Withdraw (issue 47): an amount (the whole balance at first), the line
 * `Amount Rs.X · TDS (10%) Rs.Y · You receive Rs.Z` from the server's rule,
 * and Confirm. The dialog's one key makes a double press one withdrawal.
 */
export function WithdrawDialog(props: { balancePaise: number; onClose: () => void }) {
  const ref = useModalDialog();
  const headingId = useId();
  const [key] = useState(() => crypto.randomUUID());
  const [amount, setAmount] = useState(() => paiseToDecimal(Math.max(props.balancePaise, 0)));
  const amountPaise = rupeesToPaise(useDeferredValue(amount));
  const preview = useWithdrawalPreview(amountPaise ?? 0);
  const request = useRequestWithdrawal(key);
  const refusal = amountPaise === null ? withdrawalMessages.amount : preview.data?.refusal;
  const done = request.isSuccess;
  return (
    <dialog
      ref={ref}
      aria-labelledby={headingId}
      onClose={props.onClose}
      className="m-auto w-[calc(100%-2rem)] max-w-md rounded-xl bg-white p-6 text-slate-900 backdrop:bg-black/60 dark:bg-slate-900 dark:text-slate-100"
    >
      <h2 id={headingId} className="text-lg font-semibold">
        Withdraw
      </h2>
      {done ? (
        <p className="mt-3 text-sm" role="status">
          Your withdrawal was requested. We email you as it moves.
        </p>
      ) : (
        <form
          className="mt-3 flex flex-col gap-3"
          onSubmit={(event) => {
            event.preventDefault();
            if (amountPaise !== null) request.mutate(amountPaise);
          }}
        >
          <TextField
            label="Amount (Rs.)"
            inputMode="decimal"
            value={amount}
            onChange={(event) => setAmount(event.target.value)}
            error={refusal ?? undefined}
          />
          {amountPaise !== null && preview.data && (
            <p className="text-sm font-medium tabular-nums" aria-live="polite">
              {preview.data.line}
            </p>
          )}
          {request.isError && <Alert tone="error">{request.error.message}</Alert>}
          <div className="mt-3 flex flex-wrap justify-end gap-2">
            <Button variant="secondary" onClick={() => ref.current?.close()}>
              Cancel
            </Button>
            <Button
              type="submit"
              disabled={request.isPending || amountPaise === null || Boolean(refusal)}
            >
              Confirm
            </Button>
          </div>
        </form>
      )}
      {done && (
        <div className="mt-6 flex justify-end">
          <Button onClick={() => ref.current?.close()}>Close</Button>
        </div>
      )}
    </dialog>
  );
}
