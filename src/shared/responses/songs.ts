import { z } from "zod";
import type {
  ArtistOption,
  DeskSongRecord,
  SongCounts,
  SongDetail,
  SongNotices,
  SongPage,
  SongRecord,
  SongSummary,
} from "../song-schemas";
import { REJECTION_REASONS } from "../song-status";

export const songSummarySchema = z.object({
  id: z.string(),
  type: z.string(),
  status: z.string(),
  album: z.string(),
  date: z.string(),
  coverUrl: z.string().nullable(),
  unseen: z.boolean(),
  createdAt: z.number(),
}) satisfies z.ZodType<SongSummary>;

export const songSummariesSchema = z.array(songSummarySchema);

export const songDetailSchema = songSummarySchema.extend({
  artistId: z.string(),
  artist: z.string(),
  genre: z.string(),
  duration: z.string(),
  lyrics: z.string(),
  link: z.string(),
  coverFileId: z.string().nullable(),
  spotifyUrl: z.string(),
  appleMusicUrl: z.string(),
  youtubeUrl: z.string(),
  views: z.number(),
  version: z.number(),
}) satisfies z.ZodType<SongDetail>;

/** The detail screens' answer: the song, its status timeline and 30 days of views. */
export const songRecordSchema = songDetailSchema.extend({
  history: z.array(
    z.object({
      id: z.string(),
      fromStatus: z.string().nullable(),
      toStatus: z.string(),
      reasonCode: z.enum(REJECTION_REASONS).nullable(),
      note: z.string(),
      agentName: z.string(),
      at: z.number(),
    }),
  ),
  dailyViews: z.array(z.object({ day: z.string(), views: z.number() })),
}) satisfies z.ZodType<SongRecord>;

/** The desk's song: the record and the release that owns it. */
export const deskSongRecordSchema = songRecordSchema.extend({
  release: z.object({ id: z.string(), title: z.string(), state: z.string() }).nullable(),
}) satisfies z.ZodType<DeskSongRecord>;

export const songCountsSchema = z.object({
  all: z.number(),
  pending: z.number(),
  "in review": z.number(),
  released: z.number(),
  rejected: z.number(),
}) satisfies z.ZodType<SongCounts>;

export const songNoticesSchema = z.object({
  unseen: z.array(z.string()),
}) satisfies z.ZodType<SongNotices>;

function songPageSchema<T extends z.ZodType>(item: T) {
  return z.object({ items: z.array(item), nextCursor: z.string().nullable() });
}

export const songSummaryPageSchema = songPageSchema(songSummarySchema) satisfies z.ZodType<
  SongPage<SongSummary>
>;
export const songDetailPageSchema = songPageSchema(songDetailSchema) satisfies z.ZodType<
  SongPage<SongDetail>
>;

export const artistOptionsSchema = z.array(
  z.object({
    id: z.string(),
    artistName: z.string(),
    email: z.string(),
  }) satisfies z.ZodType<ArtistOption>,
);
