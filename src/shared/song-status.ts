import { z } from "zod";
import { plainString } from "./plain-text";
import { REJECTION_REASONS, type RejectionReason } from "./song-rejection";

export {
  REJECTION_NEXT_STEPS,
  REJECTION_REASONS,
  REJECTION_REASON_LABELS,
  type RejectionReason,
} from "./song-rejection";

export const STATUS_NOTE_MAX = 500;
export const REJECTION_REASON_REQUIRED = "Choose why the song is rejected.";
export const REJECTION_NOTE_REQUIRED = "Describe why the song is rejected.";
export const SONG_CHANGED_CONFLICT =
  "Another agent changed this song while you were editing. Reload to see their changes, then make yours again.";

/** The status fields of a desk save: why (for a rejection) and a note for the history. */
export const statusChangeFields = {
  rejectionReason: z
    .enum(REJECTION_REASONS, { error: "Choose one of the listed reasons." })
    .nullable()
    .default(null),
  statusNote: plainString({ error: "The note must be text." })
    .trim()
    .max(STATUS_NOTE_MAX, `The note must be at most ${STATUS_NOTE_MAX} characters.`)
    .default(""),
};

/** One line of a song's status timeline. */
export interface SongStatusEvent {
  id: string;
  /** Null for the first entry: the song came in with this status. */
  fromStatus: string | null;
  toStatus: string;
  reasonCode: RejectionReason | null;
  note: string;
  agentName: string;
  at: number;
}

/** Views of one UTC day, oldest first; the last 30 days with zeros filled in. */
export interface DailyViews {
  day: string;
  views: number;
}
