import { useId, useState } from "react";
import { Alert } from "../../components/alert";
import { Button } from "../../components/button";
import { TextField } from "../../components/text-field";
import { useModalDialog } from "../../lib/use-modal-dialog";

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
  const ref = useModalDialog();
  const headingId = useId();
  const [value, setValue] = useState("");
  const [missing, setMissing] = useState(false);
  return (
    <dialog
      ref={ref}
      aria-labelledby={headingId}
      onClose={props.onClose}
      className="m-auto w-[calc(100%-2rem)] max-w-md rounded-xl bg-white p-6 text-slate-900 backdrop:bg-black/60 dark:bg-slate-900 dark:text-slate-100"
    >
      <h2 id={headingId} className="text-lg font-semibold">
        {props.title}
      </h2>
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
        <div className="mt-3 flex flex-wrap justify-end gap-2">
          <Button variant="secondary" onClick={() => ref.current?.close()}>
            Cancel
          </Button>
          <Button type="submit" disabled={props.busy}>
            {props.confirm}
          </Button>
        </div>
      </form>
    </dialog>
  );
}
