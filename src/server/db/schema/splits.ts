import type { EpochMs } from "./columns";

/** A track whose earnings are split (migration 0032); the row a save locks. */
export interface TrackSplitTable {
  trackId: string;
  releaseId: string;
  artistId: string;
  updatedBy: string;
  updatedAt: EpochMs;
}

/**
 * One collaborator's share of a track and its invitation (migration 0032).
 * Its held money is the ledger account `split:ID`.
 */
export interface SplitShareTable {
  id: string;
  trackId: string;
  releaseId: string;
  artistId: string;
  /** Lower-cased. */
  email: string;
  /** 1 = 0.01 %; above 0, at most 10 000. */
  basisPoints: number;
  /** invited | accepted | declined | expired | removed */
  state: string;
  /** sha256 (hex) of the invitation link's token. */
  tokenHash: string;
  invitedAt: EpochMs;
  /** An invitation still unanswered then expires (SPLIT_INVITE_DAYS). */
  expiresAt: EpochMs;
  answeredAt: EpochMs | null;
  /** The user who accepted (or declined while signed in). */
  collaboratorId: string | null;
  updatedAt: EpochMs;
}
