import type { Generated } from "kysely";
import type { EpochMs } from "./columns";

// An artist's song request, its status history and its daily views.

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
