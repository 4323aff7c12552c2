import type { FileKind } from "./files";
import { z } from "zod";
import { plainString } from "./plain-text";
import { multiLineText, oneLineText } from "./text-rules";
import { isValidReleaseDate } from "./song-format";
import {
  EXPLICIT_CHOICES,
  RELEASE_GENRES,
  RELEASE_LANGUAGES,
  RELEASE_MAX_FEATURED_ARTISTS,
  RELEASE_MAX_TRACKS,
  type ExplicitChoice,
  type ReleaseState,
  type ReleaseType,
} from "./release-constants";
import { releaseMessages as m } from "./release-messages";

/**
 * What a client sends about releases. A draft may be incomplete: empty
 * values pass here and the issues list says what is missing; only shapes
 * (lengths, list membership, dates, ids, at most 40 tracks) are refused.
 */

/** One line of text: no line breaks nor control characters (issue 45), at most `max` long. */
const text = (label: string, max: number) =>
  oneLineText(label).max(max, m.tooLong(label, max)).default("");

/** "" or one of the fixed list. */
const choice = (values: readonly string[], message: string) =>
  plainString()
    .trim()
    .refine((value) => value === "" || values.includes(value), message)
    .default("");

const dateField = plainString()
  .trim()
  .refine((value) => value === "" || isValidReleaseDate(value), m.invalidDate)
  .default("");

const featuredArtists = z
  .array(oneLineText("A featured artist").max(200, m.tooLong("A featured artist", 200)))
  .max(RELEASE_MAX_FEATURED_ARTISTS, m.tooManyFeatured(RELEASE_MAX_FEATURED_ARTISTS))
  .default([]);

const fileId = plainString().trim().min(1).max(100).nullable().default(null);

/** The version a client edited: missing, or not a whole number from 1, each says so. */
export const releaseVersionField = z
  .number({
    error: (issue) => (issue.input === undefined ? m.versionMissing : m.versionInvalid),
  })
  .int(m.versionInvalid)
  .min(1, m.versionInvalid)
  .max(2 ** 31, m.versionInvalid);
const versionField = releaseVersionField;

export const releaseTrackDraftSchema = z.object({
  id: z.uuid({ error: m.invalidTrackId }),
  title: text("Track title", 200),
  version: text("Version", 100),
  featuredArtists,
  composer: text("Composer", 500),
  lyricist: text("Lyricist", 500),
  instrumental: z.boolean().default(false),
  producer: text("Producer", 500),
  explicit: choice(EXPLICIT_CHOICES, m.unknownExplicit) as z.ZodType<ExplicitChoice | "">,
  isrc: text("ISRC", 20),
  // Lyrics keep their line breaks, and nothing else invisible.
  lyrics: multiLineText("Lyrics").max(20_000, m.tooLong("Lyrics", 20_000)).default(""),
  audioFileId: fileId,
});

export const releaseDraftSchema = z.object({
  version: versionField,
  title: text("Release title", 200),
  primaryArtist: text("Primary artist", 200),
  featuredArtists,
  genre: choice(RELEASE_GENRES, m.unknownGenre),
  language: choice(RELEASE_LANGUAGES, m.unknownLanguage),
  releaseDate: dateField,
  originalReleaseDate: dateField,
  pLine: text("The ℗ line", 200),
  cLine: text("The © line", 200),
  upc: text("UPC", 20),
  artworkFileId: fileId,
  tracks: z
    .array(releaseTrackDraftSchema)
    .max(RELEASE_MAX_TRACKS, m.tooManyTracks)
    .default([])
    .refine(
      (tracks) => new Set(tracks.map((t) => t.id)).size === tracks.length,
      m.duplicateTrackId,
    ),
});
export type ReleaseDraftInput = z.input<typeof releaseDraftSchema>;
export type ReleaseDraft = z.output<typeof releaseDraftSchema>;
export type ReleaseDraftTrack = z.output<typeof releaseTrackDraftSchema>;

export const releaseCreateSchema = z.object({
  /**
   * Answer the artist's newest untouched draft (nothing typed, no file, no
   * track) instead of making another: the form's New release sends it, so
   * visits to /releases/new do not pile up empty drafts.
   */
  reuseUntouched: z.boolean().default(false),
});

export const releaseSubmitSchema = z.object({
  version: versionField,
  acknowledgedWarnings: z.array(plainString().max(300)).max(500).default([]),
});
export type ReleaseSubmitInput = z.input<typeof releaseSubmitSchema>;

export const releaseWithdrawSchema = z.object({ version: versionField });
export type ReleaseWithdrawInput = z.input<typeof releaseWithdrawSchema>;

/** The {id} of /api/releases/{id}. */
export const releaseIdParamsSchema = z.object({ id: plainString().min(1).max(100) });

/** One problem of a release: an error blocks submitting, a warning must be acknowledged. */
export interface ReleaseIssue {
  /** `<code>:<field>`, stable: acknowledged warnings are sent back by key. */
  key: string;
  /** The form field: `title`, `artwork`, `tracks`, `tracks.<trackId>.composer`… */
  field: string;
  severity: "error" | "warning";
  message: string;
  /** A better value the form can apply ("Use this"). */
  suggestion?: string;
}

export interface ReleaseArtwork {
  fileId: string;
  url: string;
  width: number;
  height: number;
  format: "JPG" | "PNG";
  size: number;
}

export interface ReleaseAudio {
  fileId: string;
  url: string;
  name: string;
  durationMs: number;
  sampleRate: number;
  bitDepth: number;
  channels: number;
  format: "WAV" | "FLAC";
  /** Sentences kept with the file (silence at the start or end). */
  warnings: string[];
}

export interface ReleaseTrackDetail extends ReleaseDraftTrack {
  /** The song request this track became at submission; null while a draft. */
  songId: string | null;
  audio: ReleaseAudio | null;
}

export interface ReleaseDetail {
  id: string;
  artistId: string;
  state: ReleaseState;
  version: number;
  createdAt: number;
  updatedAt: number;
  submittedAt: number | null;
  title: string;
  primaryArtist: string;
  featuredArtists: string[];
  genre: string;
  language: string;
  releaseDate: string;
  originalReleaseDate: string;
  pLine: string;
  cLine: string;
  upc: string;
  /** As in the draft (null without artwork); `artwork` has its checked details. */
  artworkFileId: string | null;
  releaseType: ReleaseType | null;
  totalDurationMs: number;
  artwork: ReleaseArtwork | null;
  tracks: ReleaseTrackDetail[];
  issues: ReleaseIssue[];
  acknowledgedWarnings: string[];
}

export interface ReleaseSummary {
  id: string;
  title: string;
  state: ReleaseState;
  releaseType: ReleaseType | null;
  trackCount: number;
  releaseDate: string;
  updatedAt: number;
  artworkUrl: string | null;
}

/** The tus finish's answer for a release file: the stored file and its checked details. */
export interface ReleaseUploadedFile {
  id: string;
  url: string;
  /** Always image or audio here; typed as any stored file's kind, as uploads answer. */
  kind: FileKind;
  mimeType: string;
  size: number;
  name: string;
  artwork?: ReleaseArtwork;
  audio?: ReleaseAudio;
}

/** The 422 answer of a refused submit. */
export interface ReleaseSubmitRefusal {
  /** The first blocking issue's sentence, or "Acknowledge the warnings before submitting." */
  message: string;
  code?: string;
  /** Each blocking issue's field → its sentence (the house's error shape). */
  fieldErrors: Record<string, string>;
  /** The same as message (the contract's first wording). */
  error: string;
  issues: ReleaseIssue[];
}
