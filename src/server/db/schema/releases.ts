import type { Generated } from "kysely";
import type { EpochMs } from "./columns";

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
  /** Decision 104: the UPC (13 digits) while submitted or further; unique across releases. */
  upcClaim: string | null;
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
