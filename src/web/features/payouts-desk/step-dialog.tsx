import { useState } from "react";
import { Alert } from "../../components/alert";
import { Button } from "../../components/button";
import { DialogActions, ModalDialog } from "../../components/modal-dialog";
import { TextField } from "../../components/text-field";

/** Mark paid (UTR / reference) or Mark failed (Reason): one required field, then the step. */
export function StepDialog(props: {
  title: string;
  label: string;
  confirm: string;
  busy: boolean;
  error: string | null;
  onConfirm: (value: string) => void;
  onClose: () => void;
}) {
  const [value, setValue] = useState("");
  const [missing, setMissing] = useState(false);
  return (
    <ModalDialog heading={props.title} onClose={props.onClose}>
      <form
        className="mt-3 flex flex-col gap-3"
        onSubmit={(event) => {
          event.preventDefault();
          if (!value.trim()) return setMissing(true);
          props.onConfirm(value.trim());
        }}
      >
        <TextField
          label={props.label}
          value={value}
          onChange={(event) => setValue(event.target.value)}
          error={
            missing
              ? `Enter the ${props.label === "Reason" ? "reason" : "UTR / reference"}.`
              : undefined
          }
        />
        {props.error && <Alert tone="error">{props.error}</Alert>}
        <DialogActions className="mt-3">
          <Button type="submit" disabled={props.busy}>
            {props.confirm}
          </Button>
        </DialogActions>
      </form>
    </ModalDialog>
  );
}
