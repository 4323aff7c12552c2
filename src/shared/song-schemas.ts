import { z } from "zod";
import { linkSchema, normalizeLink } from "./links";

/** The spec's page size for the song list; "Load More" adds the same again. */
export const SONG_PAGE_SIZE = 10;

/** Statuses the desk offers; stored values may be anything (compared case-insensitively). */
export const SONG_STATUSES = ["pending", "released", "rejected"] as const;
export type KnownSongStatus = (typeof SONG_STATUSES)[number];

/** The known status a stored value means, or "other" (shown grey, without an icon). */
export function songStatusKind(status: string): KnownSongStatus | "other" {
  const value = status.trim().toLowerCase();
  return (SONG_STATUSES as readonly string[]).includes(value)
    ? (value as KnownSongStatus)
    : "other";
}

export const INVALID_RELEASE_DATE_MESSAGE = "Enter a valid release date (YYYY-MM-DD).";
export const INVALID_SONG_LINK_MESSAGE = "Invalid URL format for song link";

/** A calendar date as YYYY-MM-DD that really exists (no 2024-02-30). */
export function isValidReleaseDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const parsed = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().slice(0, 10) === value;
}

const text = (label: string, max: number) =>
  z.string().trim().max(max, `${label} must be at most ${max} characters.`).default("");

const songLinkSchema = z
  .string()
  .max(2048, "Song link is too long")
  .transform((value, ctx) => {
    const normalized = normalizeLink(value);
    if (normalized === null) {
      ctx.addIssue({ code: "custom", message: INVALID_SONG_LINK_MESSAGE });
      return z.NEVER;
    }
    return normalized;
  });

/** Every editable field of a song request (views are never written by a client). */
export const songInputSchema = z.object({
  artistId: z
    .string({ error: "Choose the artist this song belongs to." })
    .trim()
    .min(1, "Choose the artist this song belongs to.")
    .max(100),
  type: z
    .string({ error: "Song type is required." })
    .trim()
    .min(1, "Song type is required.")
    .max(200, "Song type must be at most 200 characters."),
  status: z
    .string({ error: "Status is required." })
    .trim()
    .min(1, "Status is required.")
    .max(40, "Status must be at most 40 characters."),
  artist: z
    .string({ error: "Artist name is required." })
    .trim()
    .min(1, "Artist name is required.")
    .max(200, "Artist name must be at most 200 characters."),
  album: text("Album", 200),
  genre: text("Genre", 100),
  date: z
    .string({ error: INVALID_RELEASE_DATE_MESSAGE })
    .trim()
    .refine(isValidReleaseDate, INVALID_RELEASE_DATE_MESSAGE),
  duration: text("Duration", 20),
  lyrics: text("Lyrics", 20_000),
  link: songLinkSchema.default(""),
  coverFileId: z.string().trim().min(1).max(100).nullable().default(null),
  spotifyUrl: linkSchema("Spotify").default(""),
  appleMusicUrl: linkSchema("Apple Music").default(""),
  youtubeUrl: linkSchema("Youtube").default(""),
});
export type SongInput = z.input<typeof songInputSchema>;
export type SongValues = z.output<typeof songInputSchema>;

/** The {id} of /api/songs/{id} and /api/desk/songs/{id}. */
export const songIdParamsSchema = z.object({ id: z.string().min(1).max(100) });

const cursorField = z.string().trim().max(500, "Invalid page cursor.").optional();

export const songListQuerySchema = z.object({ cursor: cursorField });

export const deskSongListQuerySchema = z.object({
  cursor: cursorField,
  status: z.string().trim().max(40).optional(),
  artistId: z.string().trim().max(100).optional(),
  q: z.string().trim().max(100, "Search text must be at most 100 characters.").optional(),
});
export type DeskSongFilters = z.output<typeof deskSongListQuerySchema>;

export const artistSearchQuerySchema = z.object({
  q: z.string().trim().max(100, "Search text must be at most 100 characters.").optional(),
});

/** One card of the artist's list. */
export interface SongSummary {
  id: string;
  type: string;
  status: string;
  album: string;
  date: string;
  coverUrl: string | null;
}

/** Everything the detail screen and the desk show. */
export interface SongDetail extends SongSummary {
  artistId: string;
  artist: string;
  genre: string;
  duration: string;
  lyrics: string;
  link: string;
  coverFileId: string | null;
  spotifyUrl: string;
  appleMusicUrl: string;
  youtubeUrl: string;
  views: number;
}

export interface SongPage<T> {
  items: T[];
  /** Opaque key of the last item; null when this was the last page. */
  nextCursor: string | null;
}

export interface ArtistOption {
  id: string;
  artistName: string;
  email: string;
}

/** "Released: Mar 5, 2024" — the date is a calendar day, so it is shown in UTC. */
export function formatReleaseDate(date: string): string {
  if (!isValidReleaseDate(date)) return date;
  return new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeZone: "UTC" }).format(
    new Date(`${date}T00:00:00Z`),
  );
}

export const coverFileUrl = (fileId: string) => `/api/files/${encodeURIComponent(fileId)}`;

/** Upload purpose name for song covers (registered on the server by the songs feature). */
export const COVER_UPLOAD_PURPOSE = "cover";
export const COVER_MAX_BYTES = 5 * 1024 * 1024;
