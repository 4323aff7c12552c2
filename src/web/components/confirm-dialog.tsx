import type { ReactNode } from "react";
import { Alert } from "./alert";
import { Button } from "./button";
import { DialogActions, ModalDialog } from "./modal-dialog";

/**
 * Asks before a step that cannot be undone. The step's own button repeats
 * its name, and is disabled while it runs.
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
  return (
    <ModalDialog heading={props.heading} onClose={props.onClose}>
      <>
        <p className="mt-2 text-sm break-words">{props.children}</p>
        {props.error && (
          <div className="mt-3">
            <Alert tone="error">{props.error}</Alert>
          </div>
        )}
        <DialogActions className="mt-6">
          <Button variant="danger" disabled={props.busy} onClick={props.onConfirm}>
            {props.confirmLabel}
          </Button>
        </DialogActions>
      </>
    </ModalDialog>
  );
}
