import { useId } from "react";
import { Alert } from "../../components/alert";
import { Button } from "../../components/button";
import { useModalDialog } from "../../lib/use-modal-dialog";

/**
 * Asks before a draft goes (a modal <dialog>: focus stays inside, Escape
 * cancels, focus returns to Delete draft).
 */
export function DeleteDraftDialog(props: {
  title: string;
  deleting: boolean;
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
        Delete this draft?
      </h2>
      <p className="mt-2 text-sm">
        “{props.title}” and its uploaded files will be deleted. This cannot be undone.
      </p>
      {props.error && (
        <div className="mt-3">
          <Alert tone="error">{props.error}</Alert>
        </div>
      )}
      <div className="mt-6 flex flex-wrap justify-end gap-2">
        <Button variant="secondary" onClick={() => ref.current?.close()}>
          Cancel
        </Button>
        <Button variant="danger" disabled={props.deleting} onClick={props.onConfirm}>
          Delete draft
        </Button>
      </div>
    </dialog>
  );
}
