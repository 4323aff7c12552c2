/** What upload.ts and its tus half share: errors, options, retry and resume rules. */

/** "limited": refused at creation by a per-user limit or the storage quota (429, 413). */
export type UploadFailure =
  "unauthorized" | "canceled" | "rejected" | "limited" | "network" | "unknown";

export class UploadError extends Error {
  constructor(
    readonly reason: UploadFailure,
    message: string,
    /** True when the upload could not even be created (nothing was sent). */
    readonly atStart = false,
  ) {
    super(message);
  }
}

export interface UploadOptions {
  purpose: string;
  metadata?: Record<string, string>;
  onProgress?: (percent: number) => void;
  signal?: AbortSignal;
}

/** The spec's storage constants: retry 5xx, 408 and 429, for up to 10 minutes per upload. */
const UPLOAD_RETRY_WINDOW_MS = 10 * 60_000;
export const RETRY_DELAYS_MS = [
  0,
  1_000,
  2_000,
  4_000,
  8_000,
  16_000,
  32_000,
  ...Array<number>(17).fill(30_000),
];
/** Chunks bound how much a dropped connection can cost; the server resumes from what it holds. */
export const CHUNK_SIZE = 8 * 1024 * 1024;

/**
 * Whether tus-js-client should try a failed request again. A 429 answering
 * the creation is a per-user limit (too many uploads started, too many in
 * progress): the person is told at once instead of waiting ten minutes.
 * Mid-upload, a 409 (the server holds another offset than the page sent
 * from: a request of this upload it was still writing, from before a reload
 * or whose answer was lost) and a 423 (such a request holds the upload's
 * lock) are settled by what a retry does first, asking the server its
 * offset: as tus-js-client's own rule does, and the tus protocol says.
 */
export function shouldRetryUpload(status: number, created: boolean, elapsedMs: number): boolean {
  if (elapsedMs >= UPLOAD_RETRY_WINDOW_MS) return false;
  if (status === 429 || status === 409 || status === 423) return created;
  return status === 0 || status >= 500 || status === 408;
}

/**
 * Whether a previous upload of the same file was made for the same purpose
 * and context (e.g. the same chat room): only then may it be resumed.
 */
export function isSameUploadContext(
  previous: Readonly<Record<string, string>> | undefined,
  options: Pick<UploadOptions, "purpose" | "metadata">,
): boolean {
  if (previous?.purpose !== options.purpose) return false;
  return Object.entries(options.metadata ?? {}).every(([key, value]) => previous[key] === value);
}
