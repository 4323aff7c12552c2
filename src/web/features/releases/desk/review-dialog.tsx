import type { ReactNode, SyntheticEvent } from "react";
import { Alert } from "../../../components/alert";
import { Button } from "../../../components/button";
import { DialogActions, ModalDialog } from "../../../components/modal-dialog";

/**
 * The frame of the review's dialogs: a heading, a form, the refusal of its
 * last try, Cancel and the confirming button.
 */
export function ReviewDialog(props: {
  title: string;
  confirm: string;
  danger?: boolean;
  busy: boolean;
  error: string | null;
  /** Given the form, for a check that focuses its first invalid field. */
  onSubmit: (form: HTMLFormElement) => void;
  onClose: () => void;
  children: ReactNode;
}) {
  const submit = (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault();
    props.onSubmit(event.currentTarget);
  };
  return (
    <ModalDialog heading={props.title} onClose={props.onClose} size="lg">
      <form noValidate onSubmit={submit} className="mt-4 flex flex-col gap-4">
        {props.children}
        {props.error && <Alert tone="error">{props.error}</Alert>}
        <DialogActions>
          <Button type="submit" variant={props.danger ? "danger" : "primary"} disabled={props.busy}>
            {props.confirm}
          </Button>
        </DialogActions>
      </form>
    </ModalDialog>
  );
}
