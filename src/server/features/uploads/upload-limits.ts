import type { Kysely } from "kysely";
import { uploadMessages } from "../../../shared/files";
import type { Database } from "../../db/schema";
import type { UserBudget } from "../../limits/user-budget";
import { heldByOwner } from "./stored-file-repository";

/** What one user may start (UPLOADS_PER_MINUTE, UPLOADS_IN_PROGRESS, STORAGE_QUOTA_MB). */
export interface UploadLimits {
  creations: UserBudget;
  inProgress: number;
  quotaBytes: number;
}

export interface UploadRefusal {
  status: 413 | 429;
  message: string;
}

/**
 * Checks a new upload of `size` declared bytes against the user's limits.
 * Counts come from the stored files themselves (every instance sees the
 * same rows); an upload's declared length counts from its creation, so
 * unfinished uploads cannot reserve space for free.
 */
export async function refusalOfNewUpload(
  db: Kysely<Database>,
  limits: UploadLimits,
  userId: string,
  size: number,
): Promise<UploadRefusal | null> {
  if ((await limits.creations(userId)) !== null) {
    return { status: 429, message: uploadMessages.tooManyUploads };
  }
  const held = await heldByOwner(db, userId);
  if (Number(held.uploading) >= limits.inProgress) {
    return { status: 429, message: uploadMessages.tooManyInProgress };
  }
  if (Number(held.bytes) + size > limits.quotaBytes) {
    return { status: 413, message: uploadMessages.quotaFull(limits.quotaBytes) };
  }
  return null;
}
