import { useId, type ReactNode, type SyntheticEvent } from "react";
import { Alert } from "../../../components/alert";
import { Button } from "../../../components/button";
import { useModalDialog } from "../../../lib/use-modal-dialog";

/**
 * The frame of the review's dialogs (a modal <dialog>: focus stays inside,
 * Escape cancels, focus returns to the button that opened it): a heading, a
 * form, the refusal of its last try, Cancel and the confirming button.
 */
export function ReviewDialog(props: {
  title: string;
  confirm: string;
  danger?: boolean;
  busy: boolean;
  error: string | null;
  onSubmit: () => void;
  onClose: () => void;
  children: ReactNode;
}) {
  const ref = useModalDialog();
  const headingId = useId();
  const submit = (event: SyntheticEvent) => {
    event.preventDefault();
    props.onSubmit();
  };
  return (
    <dialog
      ref={ref}
      aria-labelledby={headingId}
      onClose={props.onClose}
      className="m-auto max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] max-w-lg overflow-y-auto rounded-xl bg-white p-6 text-slate-900 backdrop:bg-black/60 dark:bg-slate-900 dark:text-slate-100"
    >
      <h2 id={headingId} className="text-lg font-semibold">
        {props.title}
      </h2>
      <form noValidate onSubmit={submit} className="mt-4 flex flex-col gap-4">
        {props.children}
        {props.error && <Alert tone="error">{props.error}</Alert>}
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="secondary" onClick={() => ref.current?.close()}>
            Cancel
          </Button>
          <Button type="submit" variant={props.danger ? "danger" : "primary"} disabled={props.busy}>
            {props.confirm}
          </Button>
        </div>
      </form>
    </dialog>
  );
}
