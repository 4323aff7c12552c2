import { z } from "zod";
import { plainString } from "./plain-text";
import { linkSchema, normalizeLink } from "./links";
import { durationSchema } from "./song-duration";
import { statusChangeFields, type DailyViews, type SongStatusEvent } from "./song-status";
import { SONG_STATUSES } from "./song-status-names";
import { isValidReleaseDate } from "./song-format";
import { SONG_SEARCH_MAX } from "./song-list-filters";

/** The spec's page size for the song list; "Load More" adds the same again. */
export const SONG_PAGE_SIZE = 10;

export {
  SONG_STATUSES,
  songStatusKind,
  statusLabel,
  type KnownSongStatus,
} from "./song-status-names";

export {
  coverFileUrl,
  formatDay,
  formatReleaseDate,
  isValidReleaseDate,
  songDateLine,
} from "./song-format";

export const UNKNOWN_STATUS_MESSAGE = "Choose a status: pending, in review, released or rejected.";

export const INVALID_RELEASE_DATE_MESSAGE = "Enter a valid release date (YYYY-MM-DD).";
export const INVALID_SONG_LINK_MESSAGE = "Invalid URL format for song link";

const text = (label: string, max: number) =>
  plainString().trim().max(max, `${label} must be at most ${max} characters.`).default("");

const songLinkSchema = plainString()
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
  artistId: plainString({ error: "Choose the artist this song belongs to." })
    .trim()
    .min(1, "Choose the artist this song belongs to.")
    .max(100),
  type: plainString({ error: "Song type is required." })
    .trim()
    .min(1, "Song type is required.")
    .max(200, "Song type must be at most 200 characters."),
  // Stored lower-case, so filters and the history compare exact values.
  status: plainString({ error: "Status is required." })
    .trim()
    .toLowerCase()
    .pipe(z.enum(SONG_STATUSES, { error: UNKNOWN_STATUS_MESSAGE })),
  artist: plainString({ error: "Artist name is required." })
    .trim()
    .min(1, "Artist name is required.")
    .max(200, "Artist name must be at most 200 characters."),
  album: text("Album", 200),
  genre: text("Genre", 100),
  date: plainString({ error: INVALID_RELEASE_DATE_MESSAGE })
    .trim()
    .refine(isValidReleaseDate, INVALID_RELEASE_DATE_MESSAGE),
  duration: durationSchema,
  lyrics: text("Lyrics", 20_000),
  link: songLinkSchema.default(""),
  coverFileId: plainString().trim().min(1).max(100).nullable().default(null),
  spotifyUrl: linkSchema("Spotify").default(""),
  appleMusicUrl: linkSchema("Apple Music").default(""),
  youtubeUrl: linkSchema("Youtube").default(""),
});
export type SongInput = z.input<typeof songInputSchema>;
export type SongValues = z.output<typeof songInputSchema>;

/** A new song from the desk: its fields, and why when it starts out rejected. */
export const deskSongCreateSchema = songInputSchema.extend(statusChangeFields);
export type DeskSongCreateInput = z.input<typeof deskSongCreateSchema>;

const SONG_VERSION_INVALID = "The song's version must be a whole number, 1 or more.";

/** A desk save names the version it was edited from (optimistic concurrency). */
export const deskSongUpdateSchema = deskSongCreateSchema.extend({
  version: z
    .number({
      error: (issue) =>
        issue.input === undefined ? "The song's version is missing." : SONG_VERSION_INVALID,
    })
    .int(SONG_VERSION_INVALID)
    .min(1, SONG_VERSION_INVALID)
    .max(2 ** 31, SONG_VERSION_INVALID),
});
export type DeskSongUpdateInput = z.input<typeof deskSongUpdateSchema>;
export type DeskSongUpdate = z.output<typeof deskSongUpdateSchema>;

/** The {id} of /api/songs/{id} and /api/desk/songs/{id}. */
export const songIdParamsSchema = z.object({ id: plainString().min(1).max(100) });

const cursorField = plainString().trim().max(500, "Invalid page cursor.").optional();

const searchField = plainString()
  .trim()
  .max(SONG_SEARCH_MAX, `Search text must be at most ${SONG_SEARCH_MAX} characters.`)
  .optional();

/** "Your Songs" filters: a status (absent for all) and a title search, kept in the URL. */
export const songListQuerySchema = z.object({
  cursor: cursorField,
  status: z.enum(SONG_STATUSES, { error: UNKNOWN_STATUS_MESSAGE }).optional(),
  q: searchField,
});
export type SongListFilters = Omit<z.output<typeof songListQuerySchema>, "cursor">;

export const songCountsQuerySchema = z.object({ q: searchField });

/** How many of the artist's songs each filter shows (with the title search applied). */
export interface SongCounts {
  all: number;
  pending: number;
  "in review": number;
  released: number;
  rejected: number;
}

export const deskSongListQuerySchema = z.object({
  cursor: cursorField,
  status: plainString().trim().max(40).optional(),
  artistId: plainString().trim().max(100).optional(),
  q: plainString().trim().max(100, "Search text must be at most 100 characters.").optional(),
});
export type DeskSongFilters = z.output<typeof deskSongListQuerySchema>;

export const artistSearchQuerySchema = z.object({
  q: plainString().trim().max(100, "Search text must be at most 100 characters.").optional(),
});

/** One card of the artist's list. */
export interface SongSummary {
  id: string;
  type: string;
  status: string;
  album: string;
  date: string;
  coverUrl: string | null;
  /** The status changed since the artist last opened the song. */
  unseen: boolean;
  /** When the song was submitted (created on the desk), epoch ms. */
  createdAt: number;
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
  /** Raised on every desk save; the desk sends it back to detect concurrent edits. */
  version: number;
}

/** A song with its status timeline (oldest first) and the last 30 days of views. */
export interface SongRecord extends SongDetail {
  history: SongStatusEvent[];
  dailyViews: DailyViews[];
}

/** The release a song is a track of: it owns the song's facts (issue 45, decision 104). */
export interface OwningRelease {
  id: string;
  title: string;
  state: string;
}

/** The desk's song: the record, and the release that owns it (null for a song of its own). */
export interface DeskSongRecord extends SongRecord {
  release: OwningRelease | null;
}

/** The desk's 409 for a change to a release's song: where to change it instead. */
export const songOwnedByRelease = (title: string) =>
  `This song belongs to the release “${title || "Untitled release"}”; change it on the release's review page.`;

/** Songs whose status changed since the artist last opened them (the nav dot). */
export interface SongNotices {
  unseen: string[];
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

/** Upload purpose name for song covers (registered on the server by the songs feature). */
export const COVER_UPLOAD_PURPOSE = "cover";
export const COVER_MAX_BYTES = 5 * 1024 * 1024;
