import { useDeferredValue, useState } from "react";
import { paiseToDecimal } from "../../../shared/money-format";
import { withdrawalMessages } from "../../../shared/withdrawal-messages";
import { Alert } from "../../components/alert";
import { Button } from "../../components/button";
import { TextField } from "../../components/text-field";
import { DialogActions, ModalDialog, useCloseDialog } from "../../components/modal-dialog";
import { useRequestWithdrawal, useWithdrawalPreview } from "./api/withdrawals";
import { rupeesToPaise } from "./rupees";

/** When the preview cannot be had: Confirm stays closed. */
export const TDS_UNKNOWN = "The TDS could not be worked out. Please try again.";

/** The paise asked for; null when the field holds no amount above zero (the server's rule). */
function amountOf(text: string): number | null {
  const paise = rupeesToPaise(text);
  return paise !== null && paise > 0 ? paise : null;
}

/**
 * Withdraw (issue 47): an amount (the whole balance at first), the line
 * `Amount Rs.X · TDS (10%) Rs.Y · You receive Rs.Z` from the server's rule,
 * and Confirm, open only once that line is shown for the amount in the
 * field. The dialog's one key makes a double press one withdrawal.
 */
export function WithdrawDialog(props: { balancePaise: number; onClose: () => void }) {
  const [key] = useState(() => crypto.randomUUID());
  const [amount, setAmount] = useState(() => paiseToDecimal(Math.max(props.balancePaise, 0)));
  const amountPaise = amountOf(useDeferredValue(amount));
  const preview = useWithdrawalPreview(amountPaise ?? 0);
  const request = useRequestWithdrawal(key);
  const refusal = amountPaise === null ? withdrawalMessages.amount : preview.data?.refusal;
  // Confirm only with the TDS line shown for the amount in the field.
  const previewed = amountPaise !== null && amountPaise === amountOf(amount) && preview.isSuccess;
  const done = request.isSuccess;
  return (
    <ModalDialog heading="Withdraw" onClose={props.onClose}>
      {done ? (
        <Requested />
      ) : (
        <form
          className="mt-3 flex flex-col gap-3"
          onSubmit={(event) => {
            event.preventDefault();
            if (amountPaise !== null && previewed && !refusal) request.mutate(amountPaise);
          }}
        >
          <TextField
            label="Amount (Rs.)"
            inputMode="decimal"
            value={amount}
            onChange={(event) => setAmount(event.target.value)}
            error={refusal ?? undefined}
          />
          {amountPaise !== null && !preview.isError && (
            <p className="text-sm font-medium tabular-nums" aria-live="polite">
              {preview.isSuccess ? preview.data.line : "Working out the TDS…"}
            </p>
          )}
          {amountPaise !== null && preview.isError && (
            <div className="flex flex-col items-start gap-2">
              <Alert tone="error">{TDS_UNKNOWN}</Alert>
              <Button
                variant="secondary"
                disabled={preview.isFetching}
                onClick={() => void preview.refetch()}
              >
                Try again
              </Button>
            </div>
          )}
          {request.isError && <Alert tone="error">{request.error.message}</Alert>}
          <DialogActions className="mt-3">
            <Button type="submit" disabled={request.isPending || !previewed || Boolean(refusal)}>
              Confirm
            </Button>
          </DialogActions>
        </form>
      )}
    </ModalDialog>
  );
}

/** What the dialog says once the withdrawal is requested. */
function Requested() {
  const close = useCloseDialog();
  return (
    <>
      <p className="mt-3 text-sm" role="status">
        Your withdrawal was requested. We email you as it moves.
      </p>
      <div className="mt-6 flex justify-end">
        <Button onClick={close}>Close</Button>
      </div>
    </>
  );
}
