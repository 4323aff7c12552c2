import type { ColumnType, Generated } from "kysely";
import type { MailJobName } from "../mail/mail-jobs";
import type * as ReviewTables from "./release-review-schema";

/**
 * Tables as Kysely sees them. Timestamps are stored as ISO-8601 text on
 * SQLite and timestamptz on PostgreSQL; better-auth converts them itself.
 */
type Timestamp = ColumnType<Date | string, Date | string, Date | string>;
type Bool = ColumnType<boolean | number, boolean | number, boolean | number>;

export interface UserTable {
  id: string;
  name: string;
  email: string;
  emailVerified: Bool;
  image: string | null;
  createdAt: Timestamp;
  updatedAt: Timestamp;
  username: string;
  artistName: string;
  admin: Bool;
  bio: string | null;
  profilePicture: string | null;
  spotifyUrl: string | null;
  appleMusicUrl: string | null;
  youtubeUrl: string | null;
}

export interface SessionTable {
  id: string;
  expiresAt: Timestamp;
  token: string;
  createdAt: Timestamp;
  updatedAt: Timestamp;
  ipAddress: string | null;
  userAgent: string | null;
  userId: string;
}

export interface AccountTable {
  id: string;
  accountId: string;
  providerId: string;
  userId: string;
  accessToken: string | null;
  refreshToken: string | null;
  idToken: string | null;
  accessTokenExpiresAt: Timestamp | null;
  refreshTokenExpiresAt: Timestamp | null;
  scope: string | null;
  password: string | null;
  createdAt: Timestamp;
  updatedAt: Timestamp;
}

export interface VerificationTable {
  id: string;
  identifier: string;
  value: string;
  expiresAt: Timestamp;
  createdAt: Timestamp;
  updatedAt: Timestamp;
}

/** A bigint column read as a JS number (the PostgreSQL driver is told to parse int8). */
export type Int64 = ColumnType<number, number, number>;
/** Instants in our own tables: epoch milliseconds, portable and index-friendly. */
export type EpochMs = Int64;

export interface StoredFileTable {
  id: string;
  purpose: string;
  ownerId: string;
  scope: string | null;
  /** "uploading" until the bytes are complete and checked, then "ready". */
  status: "uploading" | "ready";
  mimeType: string | null;
  kind: "image" | "audio" | null;
  name: string;
  size: Int64;
  createdAt: EpochMs;
}

export interface RoomTable {
  id: string;
  createdAt: EpochMs;
  /** The room's two members, named once (migration 0010); filled right after the room is made. */
  artistId: string | null;
  agentId: string | null;
  /** The agent who owns the conversation now; starts as agentId. */
  assigneeId: string | null;
  status: Generated<"open" | "resolved">;
  statusChangedAt: EpochMs | null;
}

/** An agent's read mark in a room they read without being one of its two members. */
export interface DeskReadTable {
  roomId: string;
  agentId: string;
  lastReadAt: EpochMs;
}

/** An agent named with `@Name` in an internal note. */
export interface DeskMentionTable {
  messageId: string;
  agentId: string;
  roomId: string;
  createdAt: EpochMs;
}

/** A stored message whose live fan-out Redis has not confirmed yet (decision 094). */
export interface FanOutPendingTable {
  messageId: string;
  /** The instance that stored it (fan_out_instance). */
  instanceId: string;
  /** The database's clock, ms: when it was marked, or last claimed by a sweep. */
  markedAt: EpochMs;
}

/** An instance's heartbeat for the durable fan-out (decision 094). */
export interface FanOutInstanceTable {
  id: string;
  /** The database's clock, ms. */
  seenAt: EpochMs;
  /** 1 while its link to Redis is up. */
  linkUp: number;
}

export interface RoomMemberTable {
  roomId: string;
  userId: string;
  lastReadAt: EpochMs | null;
}

export interface MessageTable {
  id: string;
  roomId: string;
  seq: number;
  senderId: string;
  senderName: string;
  text: string;
  createdAt: EpochMs;
  status: string;
  fromMsgNum: number;
  toMsgNum: number;
  fileId: string | null;
  fileUrl: string | null;
  fileType: string | null;
  fileName: string | null;
  fileSize: number | null;
  /**
   * "text"; "system" for a line the portal writes for both people (a song's
   * status changed); "note" (an internal note) and "event" (assigned,
   * resolved, reopened) for agents only.
   */
  kind: Generated<string>;
  /** The artist's song the message is about ("Ask about this song"). */
  songId: string | null;
  /** The message of the same room this one quotes (reply with a quote). */
  quoteId: ColumnType<string | null, string | null | undefined, string | null>;
}

/** A reply agents share, inserted with "/shortcut" in the composer (migration 0014). */
export interface SavedReplyTable {
  id: string;
  shortcut: string;
  text: string;
  createdById: string | null;
  createdAt: EpochMs;
  updatedAt: EpochMs;
}

/** An agent's "Away" state and optional return day (YYYY-MM-DD). */
export interface AgentAvailabilityTable {
  userId: string;
  away: Bool;
  awayUntil: string | null;
  updatedAt: EpochMs;
}

export interface SongRequestTable {
  id: string;
  artistId: string;
  type: string;
  status: string;
  album: string;
  artist: string;
  genre: string;
  /** Release day as YYYY-MM-DD. */
  date: string;
  duration: string;
  lyrics: string;
  link: string;
  coverFileId: string | null;
  spotifyUrl: string;
  appleMusicUrl: string;
  youtubeUrl: string;
  views: Generated<number>;
  createdAt: EpochMs;
  updatedAt: EpochMs;
  /** Raised by one on every desk save; a save naming an older version is refused. */
  version: Generated<number>;
  /** 1 after a status change until the artist opens the song. */
  statusUnseen: Generated<number>;
}

export interface SongStatusEventTable {
  id: string;
  songId: string;
  fromStatus: string | null;
  toStatus: string;
  reasonCode: string | null;
  note: string;
  agentId: string | null;
  agentName: string;
  createdAt: EpochMs;
  emailedAt: EpochMs | null;
}

export interface SongViewDayTable {
  songId: string;
  day: string;
  views: number;
}

export interface MailJobTable {
  id: string;
  kind: MailJobName;
  dedupeKey: string | null;
  /** JSON: the rendered message, or what a notice is about. */
  payload: string;
  status: "pending" | "sent" | "skipped";
  /** Among due jobs, higher first (decision 095). */
  priority: number;
  runAt: EpochMs;
  attempts: number;
  lastError: string | null;
  createdAt: EpochMs;
  doneAt: EpochMs | null;
}

export interface MailPreferenceTable {
  userId: string;
  unreadNotices: Bool;
  /** Emails about a song's status change; null (never set) is on. */
  songStatusNotices: ColumnType<
    boolean | number | null,
    boolean | number | null | undefined,
    boolean | number | null
  >;
  updatedAt: EpochMs;
}

/** One record brought in by the hosted-service import (migration 0008). */
export interface ImportRecordTable {
  kind: string;
  sourceId: string;
  targetId: string;
  importedAt: EpochMs;
}

/** An artist's release (migration 0017); lists are JSON text. */
export interface ReleaseTable {
  id: string;
  artistId: string;
  state: string;
  version: number;
  title: string;
  primaryArtist: string;
  featuredArtists: string;
  genre: string;
  language: string;
  releaseDate: string;
  originalReleaseDate: string;
  pLine: string;
  cLine: string;
  upc: string;
  artworkFileId: string | null;
  acknowledgedWarnings: string;
  createdAt: EpochMs;
  updatedAt: EpochMs;
  submittedAt: EpochMs | null;
  /** Decision 099: the reviewer; since when in its state; the JSON snapshot changes were asked on. */
  reviewerId: string | null;
  stateChangedAt: EpochMs | null;
  reviewSnapshot: string | null;
  rejectionReason: string | null;
  rejectionNote: Generated<string>;
}

export interface ReleaseTrackTable {
  releaseId: string;
  id: string;
  position: number;
  title: string;
  version: string;
  featuredArtists: string;
  composer: string;
  lyricist: string;
  instrumental: number;
  producer: string;
  explicit: string;
  isrc: string;
  /** The compact ISRC while submitted: unique across the portal. */
  isrcClaim: string | null;
  lyrics: string;
  audioFileId: string | null;
  songId: string | null;
}

/** What the file check found in a release's upload (JSON details). */
export interface ReleaseFileTable {
  fileId: string;
  releaseId: string;
  trackId: string | null;
  purpose: string;
  details: string;
}

export interface Database {
  release: ReleaseTable;
  release_track: ReleaseTrackTable;
  release_file: ReleaseFileTable;
  release_step: ReviewTables.ReleaseStepTable;
  release_store: ReviewTables.ReleaseStoreTable;
  code_counter: ReviewTables.CodeCounterTable;
  mail_job: MailJobTable;
  mail_preference: MailPreferenceTable;
  stored_file: StoredFileTable;
  user: UserTable;
  room: RoomTable;
  room_member: RoomMemberTable;
  desk_read: DeskReadTable;
  desk_mention: DeskMentionTable;
  message: MessageTable;
  fan_out_pending: FanOutPendingTable;
  fan_out_instance: FanOutInstanceTable;
  session: SessionTable;
  account: AccountTable;
  verification: VerificationTable;
  song_request: SongRequestTable;
  song_status_event: SongStatusEventTable;
  song_view_day: SongViewDayTable;
  import_record: ImportRecordTable;
  saved_reply: SavedReplyTable;
  agent_availability: AgentAvailabilityTable;
}

export type { Generated };
