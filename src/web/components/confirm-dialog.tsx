import { useId, type ReactNode } from "react";
import { Alert } from "./alert";
import { Button } from "./button";
import { useModalDialog } from "../lib/use-modal-dialog";

/**
 * Asks before a step that cannot be undone (a modal <dialog>: focus stays
 * inside, Escape or Cancel closes it, focus returns to what opened it).
 * The step's own button repeats its name, and is disabled while it runs.
 */
export function ConfirmDialog(props: {
  heading: string;
  children: ReactNode;
  confirmLabel: string;
  busy: boolean;
  error: string | null;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const ref = useModalDialog();
  const headingId = useId();
  return (
    <dialog
      ref={ref}
      aria-labelledby={headingId}
      onClose={props.onClose}
      className="m-auto w-[calc(100%-2rem)] max-w-md rounded-xl bg-white p-6 text-slate-900 backdrop:bg-black/60 dark:bg-slate-900 dark:text-slate-100"
    >
      <h2 id={headingId} className="text-lg font-semibold">
        {props.heading}
      </h2>
      <p className="mt-2 text-sm break-words">{props.children}</p>
      {props.error && (
        <div className="mt-3">
          <Alert tone="error">{props.error}</Alert>
        </div>
      )}
      <div className="mt-6 flex flex-wrap justify-end gap-2">
        <Button variant="secondary" onClick={() => ref.current?.close()}>
          Cancel
        </Button>
        <Button variant="danger" disabled={props.busy} onClick={props.onConfirm}>
          {props.confirmLabel}
        </Button>
      </div>
    </dialog>
  );
}
