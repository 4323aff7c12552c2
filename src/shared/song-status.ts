import { z } from "zod";
import { plainString } from "./plain-text";

/** The short list an agent picks from when rejecting a song; "other" needs a note. */
export const REJECTION_REASONS = [
  "artwork",
  "audio_quality",
  "metadata",
  "rights",
  "other",
] as const;
export type RejectionReason = (typeof REJECTION_REASONS)[number];

export const REJECTION_REASON_LABELS: Record<RejectionReason, string> = {
  artwork: "Artwork",
  audio_quality: "Audio quality",
  metadata: "Metadata",
  rights: "Rights",
  other: "Other",
};

/** What the artist should do next, shown under "Why it was rejected". */
export const REJECTION_NEXT_STEPS: Record<RejectionReason, string> = {
  artwork:
    "Prepare new cover art (square, at least 3000 × 3000 px, no web addresses or store logos) and send it to support.",
  audio_quality:
    "Export a new master (WAV, 44.1 kHz or higher, no clipping or silence at the ends) and send it to support.",
  metadata:
    "Check the title, artist name, credits and genre, and tell support what should be corrected.",
  rights:
    "Send support proof that you own or licensed every part of the song (samples, beats, lyrics).",
  other: "Read the note from support and reply in the chat with what they ask for.",
};

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
