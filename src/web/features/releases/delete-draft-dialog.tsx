import { ConfirmDialog } from "../../components/confirm-dialog";

/** Asks before a draft goes (focus returns to Delete draft). */
export function DeleteDraftDialog(props: {
  title: string;
  deleting: boolean;
  error: string | null;
  onConfirm: () => void;
  onClose: () => void;
}) {
  return (
    <ConfirmDialog
      heading="Delete this draft?"
      confirmLabel="Delete draft"
      busy={props.deleting}
      error={props.error}
      onConfirm={props.onConfirm}
      onClose={props.onClose}
    >
      “{props.title}” and its uploaded files will be deleted. This cannot be undone.
    </ConfirmDialog>
  );
}
