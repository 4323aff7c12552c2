import { useState } from "react";
import {
  REJECTION_REASONS,
  REJECTION_REASON_LABELS,
  type RejectionReason,
} from "../../../../shared/song-rejection";
import { releaseReviewMessages as m } from "../../../../shared/release-review-messages";
import { SelectField } from "../../../components/select-field";
import { TextAreaField } from "../../../components/text-field";
import { showErrorsThenFocus } from "../../../lib/focus-first-invalid";
import { ReviewDialog } from "./review-dialog";

const NOTE_MAX = 500;

/** Reject (final): the song desk's reasons, and a note ("Other" needs one, as on the song desk). */
export function RejectReleaseDialog(props: {
  busy: boolean;
  error: string | null;
  onReject: (reason: RejectionReason, note: string) => void;
  onClose: () => void;
}) {
  const [reason, setReason] = useState<RejectionReason | "">("");
  const [note, setNote] = useState("");
  const [tried, setTried] = useState(false);
  const reasonError = tried && !reason ? m.rejectReasonRequired : undefined;
  const noteError = tried && reason === "other" && !note.trim() ? m.rejectNoteRequired : undefined;
  const reject = (form: HTMLFormElement) => {
    showErrorsThenFocus(form, () => setTried(true));
    if (!reason || (reason === "other" && !note.trim())) return;
    props.onReject(reason, note.trim());
  };
  return (
    <ReviewDialog
      title="Reject this release"
      confirm="Reject"
      danger
      busy={props.busy}
      error={props.error}
      onSubmit={reject}
      onClose={props.onClose}
    >
      <p className="text-sm">
        This is final: every track&apos;s song becomes rejected with this reason.
      </p>
      <SelectField
        label="Reason"
        value={reason}
        error={reasonError}
        onChange={(event) => setReason(event.target.value as RejectionReason | "")}
      >
        <option value="">Choose a reason…</option>
        {REJECTION_REASONS.map((value) => (
          <option key={value} value={value}>
            {REJECTION_REASON_LABELS[value]}
          </option>
        ))}
      </SelectField>
      <TextAreaField
        label="Note"
        rows={3}
        maxLength={NOTE_MAX}
        value={note}
        error={noteError}
        hint="The artist reads it with the reason."
        onChange={(event) => setNote(event.target.value)}
      />
    </ReviewDialog>
  );
}
