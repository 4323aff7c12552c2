import { SONG_STATUSES, statusLabel } from "../../../../shared/song-schemas";
import {
  REJECTION_REASONS,
  REJECTION_REASON_LABELS,
  STATUS_NOTE_MAX,
  type RejectionReason,
} from "../../../../shared/song-status";
import { SelectField } from "../../../components/select-field";
import { TextAreaField } from "../../../components/text-field";
import type { SongFormState } from "./use-song-form";

type StatusFieldsProps = Pick<
  SongFormState,
  "draft" | "errors" | "set" | "statusChanged" | "rejecting"
>;

/** The status; on a change, a note for the timeline (and for a rejection, its reason). */
export function StatusFields({ draft, errors, set, statusChanged, rejecting }: StatusFieldsProps) {
  // A status the list no longer names (an old one) stays choosable as it is.
  const statusOptions: string[] = SONG_STATUSES.includes(
    draft.status as (typeof SONG_STATUSES)[number],
  )
    ? [...SONG_STATUSES]
    : [...SONG_STATUSES, draft.status];
  return (
    <>
      <SelectField
        label="Status"
        value={draft.status}
        onChange={(e) => set("status", e.target.value)}
      >
        {statusOptions.map((status) => (
          <option key={status} value={status}>
            {statusLabel(status)}
          </option>
        ))}
      </SelectField>
      {rejecting && (
        <SelectField
          label="Reason for rejection"
          value={draft.rejectionReason ?? ""}
          onChange={(e) =>
            set("rejectionReason", (e.target.value || null) as RejectionReason | null)
          }
          error={errors.rejectionReason}
        >
          <option value="">Choose a reason…</option>
          {REJECTION_REASONS.map((reason) => (
            <option key={reason} value={reason}>
              {REJECTION_REASON_LABELS[reason]}
            </option>
          ))}
        </SelectField>
      )}
      {statusChanged && (
        <TextAreaField
          label={rejecting ? "Details for the artist" : "Note for the timeline"}
          rows={3}
          maxLength={STATUS_NOTE_MAX}
          value={draft.statusNote}
          onChange={(e) => set("statusNote", e.target.value)}
          error={errors.statusNote}
        />
      )}
    </>
  );
}
