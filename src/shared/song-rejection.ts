/**
 * Why a song was rejected and what the artist does next, as every screen and
 * mail writes it. Without zod, so the song's page loads no schema code.
 */

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
