import { z } from "zod";
import {
  RELEASE_STATES,
  RELEASE_TYPES,
  type ReleaseState,
  type ReleaseType,
} from "../release-constants";
import {
  CHANGE_REASONS,
  DELIVERY_STATES,
  DESK_RELEASE_VIEWS,
  RELEASE_STEP_KINDS,
  RELEASE_STORES,
  type ChangeReason,
  type DeliveryState,
  type DeskReleaseView,
  type ReleaseStepKind,
  type ReleaseStore,
} from "../release-review";
import type { ReleaseDetail } from "../release-schemas";
import { REJECTION_REASONS, type RejectionReason } from "../song-rejection";
import { releaseDetailSchema } from "./releases";

/** The answers of the release review's routes (issue 40). */

export interface DeskReleaseRow {
  id: string;
  title: string;
  primaryArtist: string;
  artistId: string;
  artistName: string;
  releaseType: ReleaseType | null;
  trackCount: number;
  releaseDate: string;
  artworkUrl: string | null;
  state: ReleaseState;
  /** When it entered its current state (ms): "Waiting 2 d". */
  waitingSince: number;
  dueSoon: boolean;
  reviewerName: string | null;
}

export interface DeskReleaseList {
  counts: Record<DeskReleaseView, number>;
  rows: DeskReleaseRow[];
}

export interface ReleaseStep {
  id: string;
  kind: ReleaseStepKind;
  at: number;
  label: string;
  actorName: string | null;
}

export interface ChangeRequestItem {
  reason: ChangeReason;
  note: string;
}

export interface StoreDelivery {
  store: ReleaseStore;
  state: DeliveryState;
  link: string;
  note: string;
  updatedAt: number | null;
}

export interface ReleaseReview {
  reviewer: { id: string; name: string } | null;
  /** The last request's items while the release waits for changes; else []. */
  openItems: ChangeRequestItem[];
  timeline: ReleaseStep[];
  /** One row per store once approved; [] before. */
  stores: StoreDelivery[];
  rejection: { reason: RejectionReason; reasonLabel: string; note: string } | null;
}

/** The artist's GET /api/releases/:id: the release with its review. */
export type ReleaseWithReview = ReleaseDetail & { review: ReleaseReview };

export type DeskReleaseDetail = ReleaseWithReview & {
  artist: { id: string; name: string; email: string };
  /** What changed since the last review ("Artwork", "Track 2 audio"); [] when never reviewed. */
  changedSinceReview: string[];
  /** The acknowledged warnings as sentences. */
  acknowledgedWarningsText: string[];
};

export interface SongStores {
  releaseId: string | null;
  stores: StoreDelivery[];
}

export const deskReleaseRowSchema = z.object({
  id: z.string(),
  title: z.string(),
  primaryArtist: z.string(),
  artistId: z.string(),
  artistName: z.string(),
  releaseType: z.enum(RELEASE_TYPES).nullable(),
  trackCount: z.number().int(),
  releaseDate: z.string(),
  artworkUrl: z.string().nullable(),
  state: z.enum(RELEASE_STATES),
  waitingSince: z.number(),
  dueSoon: z.boolean(),
  reviewerName: z.string().nullable(),
}) satisfies z.ZodType<DeskReleaseRow>;

export const deskReleaseListSchema = z.object({
  counts: z.object({
    submitted: z.number().int(),
    in_review: z.number().int(),
    changes_requested: z.number().int(),
    approved: z.number().int(),
    live: z.number().int(),
    rejected: z.number().int(),
  }) satisfies z.ZodType<Record<(typeof DESK_RELEASE_VIEWS)[number], number>>,
  rows: z.array(deskReleaseRowSchema),
}) satisfies z.ZodType<DeskReleaseList>;

export const releaseStepSchema = z.object({
  id: z.string(),
  kind: z.enum(RELEASE_STEP_KINDS),
  at: z.number(),
  label: z.string(),
  actorName: z.string().nullable(),
}) satisfies z.ZodType<ReleaseStep>;

export const changeRequestItemResponseSchema = z.object({
  reason: z.enum(CHANGE_REASONS),
  note: z.string(),
}) satisfies z.ZodType<ChangeRequestItem>;

export const storeDeliveryResponseSchema = z.object({
  store: z.enum(RELEASE_STORES),
  state: z.enum(DELIVERY_STATES),
  link: z.string(),
  note: z.string(),
  updatedAt: z.number().nullable(),
}) satisfies z.ZodType<StoreDelivery>;

export const releaseReviewSchema = z.object({
  reviewer: z.object({ id: z.string(), name: z.string() }).nullable(),
  openItems: z.array(changeRequestItemResponseSchema),
  timeline: z.array(releaseStepSchema),
  stores: z.array(storeDeliveryResponseSchema),
  rejection: z
    .object({ reason: z.enum(REJECTION_REASONS), reasonLabel: z.string(), note: z.string() })
    .nullable(),
}) satisfies z.ZodType<ReleaseReview>;

export const releaseWithReviewSchema = releaseDetailSchema.extend({
  review: releaseReviewSchema,
}) satisfies z.ZodType<ReleaseWithReview>;

export const deskReleaseDetailSchema = releaseWithReviewSchema.extend({
  artist: z.object({ id: z.string(), name: z.string(), email: z.string() }),
  changedSinceReview: z.array(z.string()),
  acknowledgedWarningsText: z.array(z.string()),
}) satisfies z.ZodType<DeskReleaseDetail>;

export const songStoresSchema = z.object({
  releaseId: z.string().nullable(),
  stores: z.array(storeDeliveryResponseSchema),
}) satisfies z.ZodType<SongStores>;
