import { z } from "zod";
import { RELEASE_STATES, RELEASE_TYPES } from "../release-constants";
import {
  releaseTrackDraftSchema,
  type ReleaseArtwork,
  type ReleaseAudio,
  type ReleaseDetail,
  type ReleaseIssue,
  type ReleaseSubmitRefusal,
  type ReleaseSummary,
  type ReleaseUploadedFile,
} from "../release-schemas";

export const releaseIssueSchema = z.object({
  key: z.string(),
  field: z.string(),
  severity: z.enum(["error", "warning"]),
  message: z.string(),
  suggestion: z.string().optional(),
}) satisfies z.ZodType<ReleaseIssue>;

export const releaseArtworkSchema = z.object({
  fileId: z.string(),
  url: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  format: z.enum(["JPG", "PNG"]),
  size: z.number().int(),
}) satisfies z.ZodType<ReleaseArtwork>;

export const releaseAudioSchema = z.object({
  fileId: z.string(),
  url: z.string(),
  name: z.string(),
  durationMs: z.number().int(),
  sampleRate: z.number().int(),
  bitDepth: z.number().int(),
  channels: z.number().int(),
  format: z.enum(["WAV", "FLAC"]),
  warnings: z.array(z.string()),
}) satisfies z.ZodType<ReleaseAudio>;

const releaseTypeSchema = z.enum(RELEASE_TYPES).nullable();

export const releaseDetailSchema = z.object({
  id: z.string(),
  artistId: z.string(),
  state: z.enum(RELEASE_STATES),
  version: z.number().int(),
  createdAt: z.number(),
  updatedAt: z.number(),
  submittedAt: z.number().nullable(),
  title: z.string(),
  primaryArtist: z.string(),
  featuredArtists: z.array(z.string()),
  genre: z.string(),
  language: z.string(),
  releaseDate: z.string(),
  originalReleaseDate: z.string(),
  pLine: z.string(),
  cLine: z.string(),
  upc: z.string(),
  artworkFileId: z.string().nullable(),
  releaseType: releaseTypeSchema,
  totalDurationMs: z.number().int(),
  artwork: releaseArtworkSchema.nullable(),
  tracks: z.array(
    releaseTrackDraftSchema.extend({
      id: z.string(),
      songId: z.string().nullable(),
      audio: releaseAudioSchema.nullable(),
    }),
  ),
  issues: z.array(releaseIssueSchema),
  acknowledgedWarnings: z.array(z.string()),
}) satisfies z.ZodType<ReleaseDetail>;

export const releaseSummarySchema = z.object({
  id: z.string(),
  title: z.string(),
  state: z.enum(RELEASE_STATES),
  releaseType: releaseTypeSchema,
  trackCount: z.number().int(),
  releaseDate: z.string(),
  updatedAt: z.number(),
  artworkUrl: z.string().nullable(),
}) satisfies z.ZodType<ReleaseSummary>;

export const releaseSummariesSchema = z.array(releaseSummarySchema);

export const releaseSubmitRefusalSchema = z.object({
  /** The same sentence as `error`: the API's usual error field. */
  message: z.string(),
  code: z.string().optional(),
  fieldErrors: z.record(z.string(), z.string()),
  error: z.string(),
  issues: z.array(releaseIssueSchema),
}) satisfies z.ZodType<ReleaseSubmitRefusal>;

export const releaseUploadedFileSchema = z.object({
  id: z.string(),
  url: z.string(),
  kind: z.enum(["image", "audio"]),
  mimeType: z.string(),
  size: z.number().int(),
  name: z.string(),
  artwork: releaseArtworkSchema.optional(),
  audio: releaseAudioSchema.optional(),
}) satisfies z.ZodType<ReleaseUploadedFile>;
