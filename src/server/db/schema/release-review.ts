import type { EpochMs, Int64 } from "./columns";

// The tables of a release's review (migration 0020, decision 099).

/** One step of a release's timeline. */
export interface ReleaseStepTable {
  id: string;
  releaseId: string;
  kind: string;
  /** JSON ReleaseStepData without its kind. */
  data: string;
  actorId: string | null;
  actorName: string | null;
  releaseVersion: number;
  at: EpochMs;
  /** The step's place in its release's timeline (1, 2, 3…). */
  seq: number;
}

/** Where a release stands at one store. */
export interface ReleaseStoreTable {
  releaseId: string;
  store: string;
  state: string;
  link: string;
  note: string;
  updatedAt: EpochMs | null;
}

/** A counter codes are numbered from (ISRC per prefix and year, UPC per prefix). */
export interface CodeCounterTable {
  name: string;
  value: Int64;
}
