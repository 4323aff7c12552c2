/**
 * The words and numbers of releases (issue 39), shared by the server and the
 * web. Without zod, so screens that only show a release load no schema code.
 */

/** Stored as these strings; `releaseStateLabel` gives the words people see. */
export const RELEASE_STATES = [
  "draft",
  "submitted",
  "in_review",
  "changes_requested",
  "approved",
  "live",
  "rejected",
] as const;
export type ReleaseState = (typeof RELEASE_STATES)[number];

export const RELEASE_STATE_LABELS: Record<ReleaseState, string> = {
  draft: "Draft",
  submitted: "Submitted",
  in_review: "In review",
  changes_requested: "Changes requested",
  approved: "Approved",
  live: "Live",
  rejected: "Rejected",
};

export function releaseStateLabel(state: string): string {
  return (RELEASE_STATE_LABELS as Record<string, string>)[state] ?? state;
}

/** The owner may edit a release in these states only. */
export const EDITABLE_RELEASE_STATES: readonly ReleaseState[] = ["draft", "changes_requested"];

export function isEditableReleaseState(state: string): boolean {
  return (EDITABLE_RELEASE_STATES as readonly string[]).includes(state);
}

export const RELEASE_TYPES = ["Single", "EP", "Album"] as const;
export type ReleaseType = (typeof RELEASE_TYPES)[number];

export const RELEASE_GENRES = [
  "Bollywood",
  "Indian Pop",
  "Indian Classical",
  "Devotional",
  "Ghazal",
  "Sufi",
  "Folk",
  "Hip-Hop/Rap",
  "Pop",
  "Rock",
  "Electronic",
  "Dance",
  "R&B/Soul",
  "Jazz",
  "Blues",
  "Classical",
  "Alternative",
  "Indie",
  "Metal",
  "Reggae",
  "Soundtrack",
  "World",
  "Children's Music",
  "Instrumental",
] as const;

export const RELEASE_LANGUAGES = [
  "Hindi",
  "Punjabi",
  "Tamil",
  "Telugu",
  "Bengali",
  "Marathi",
  "Gujarati",
  "Kannada",
  "Malayalam",
  "Urdu",
  "Odia",
  "Bhojpuri",
  "Assamese",
  "English",
  "Spanish",
  "Arabic",
  "Instrumental",
] as const;

/** The language that makes every track's lyricist optional. */
export const INSTRUMENTAL_LANGUAGE = "Instrumental";

export const EXPLICIT_CHOICES = ["explicit", "clean", "not_explicit"] as const;
export type ExplicitChoice = (typeof EXPLICIT_CHOICES)[number];
export const EXPLICIT_LABELS: Record<ExplicitChoice, string> = {
  explicit: "Explicit",
  clean: "Clean",
  not_explicit: "Not explicit",
};

export const RELEASE_MAX_TRACKS = 40;
export const RELEASE_MAX_FEATURED_ARTISTS = 20;

/** RELEASE_LEAD_DAYS: the default, and the least the config accepts. */
export const DEFAULT_RELEASE_LEAD_DAYS = 14;
export const MIN_RELEASE_LEAD_DAYS = 7;

/** Release types from durations: a Single's tracks are each under 10 min; an EP is ≤ 30 min. */
export const SINGLE_TRACK_MAX_MS = 10 * 60 * 1000;
export const EP_TOTAL_MAX_MS = 30 * 60 * 1000;

/** Upload purposes (tus metadata `purpose`). */
export const RELEASE_ARTWORK_PURPOSE = "release-artwork";
export const RELEASE_AUDIO_PURPOSE = "release-audio";

export const RELEASE_ARTWORK_MAX_BYTES = 30 * 1024 * 1024;
export const RELEASE_AUDIO_MAX_BYTES = 2 * 1024 * 1024 * 1024;

export const ARTWORK_MIN_PX = 3000;
export const ARTWORK_MAX_PX = 6000;

export const AUDIO_MIN_SAMPLE_RATE = 44_100;
export const AUDIO_BIT_DEPTHS = [16, 24] as const;
export const AUDIO_MIN_DURATION_MS = 30_000;
/** A stretch whose peak stays below this counts as silence. */
export const SILENCE_THRESHOLD_DBFS = -60;
/** Stores refuse more silence than this at the start or the end (a warning here). */
export const SILENCE_MAX_SECONDS = 10;

export const RELEASE_API = "/api/releases";
export const releaseApiPath = (id: string) => `${RELEASE_API}/${encodeURIComponent(id)}`;
