import {
  REJECTION_NOTE_REQUIRED,
  REJECTION_REASON_REQUIRED,
  type RejectionReason,
} from "../../../../shared/song-status";

/**
 * A change to "rejected" needs a reason, and "Other" needs the details in
 * words: the server's own rule (song-status-service.ts), checked before the
 * save so each message sits beside its field.
 */
export function rejectionErrors(draft: {
  rejectionReason: RejectionReason | null;
  statusNote: string;
}): Record<string, string> {
  if (!draft.rejectionReason) return { rejectionReason: REJECTION_REASON_REQUIRED };
  if (draft.rejectionReason === "other" && !draft.statusNote.trim()) {
    return { statusNote: REJECTION_NOTE_REQUIRED };
  }
  return {};
}
