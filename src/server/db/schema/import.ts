import type { EpochMs } from "./columns";

/** One record brought in by the hosted-service import (migration 0008). */
export interface ImportRecordTable {
  kind: string;
  sourceId: string;
  targetId: string;
  importedAt: EpochMs;
}
