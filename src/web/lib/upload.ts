import { DetailedError, Upload } from "tus-js-client";
import { UPLOAD_ENDPOINT, type UploadedFile } from "../../shared/files";
import { apiFetch } from "./api-client";

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
const RETRY_DELAYS_MS = [
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
const CHUNK_SIZE = 8 * 1024 * 1024;

/**
 * Whether tus-js-client should try a failed request again. A 429 answering
 * the creation is a per-user limit (too many uploads started, too many in
 * progress): the person is told at once instead of waiting ten minutes.
 */
export function shouldRetryUpload(status: number, created: boolean, elapsedMs: number): boolean {
  if (elapsedMs >= UPLOAD_RETRY_WINDOW_MS) return false;
  if (status === 429) return created;
  return status === 0 || status >= 500 || status === 408;
}

function classify(error: Error, atStart: boolean): UploadError {
  const response = error instanceof DetailedError ? error.originalResponse : null;
  const status = response?.getStatus() ?? 0;
  const body = response?.getBody().trim() ?? "";
  if (status === 401 || status === 403) {
    return new UploadError(
      "unauthorized",
      body || "You don't have permission to upload files",
      atStart,
    );
  }
  if (atStart && (status === 429 || status === 413)) {
    return new UploadError("limited", body || "The upload was refused.", atStart);
  }
  if (status >= 400 && status < 500) {
    return new UploadError("rejected", body || "The file was rejected.", atStart);
  }
  if (status === 0) return new UploadError("network", "The connection was lost.", atStart);
  return new UploadError("unknown", body || "The upload failed.", atStart);
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

/** A finished upload's details, for a resume that ended on a HEAD (no body). */
function finishedUploadDetails(uploadUrl: string | null): Promise<UploadedFile> {
  const id = uploadUrl?.split("/").pop();
  if (!id) return Promise.reject(new Error("no upload URL"));
  return apiFetch<UploadedFile>(`${UPLOAD_ENDPOINT}/${id}/file`);
}

/**
 * Uploads a file through the tus endpoint with progress, retry with backoff
 * and resume. Resolves with the stored file as the server judged it.
 */
export function uploadFile(file: File, options: UploadOptions): Promise<UploadedFile> {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    let created = false;
    const upload = new Upload(file, {
      endpoint: UPLOAD_ENDPOINT,
      chunkSize: CHUNK_SIZE,
      retryDelays: RETRY_DELAYS_MS,
      removeFingerprintOnSuccess: true,
      metadata: {
        filename: file.name,
        filetype: file.type,
        purpose: options.purpose,
        ...options.metadata,
      },
      onShouldRetry: (error) =>
        shouldRetryUpload(error.originalResponse?.getStatus() ?? 0, created, Date.now() - started),
      onUploadUrlAvailable: () => {
        created = true;
      },
      onProgress: (sent, total) => {
        options.onProgress?.(total > 0 ? Math.round((sent / total) * 100) : 0);
      },
      onSuccess: ({ lastResponse }) => {
        const body = lastResponse.getBody().trim();
        // A resumed upload the server had already finished ends on a HEAD,
        // which has no body: its details are asked for separately.
        const answer = body
          ? Promise.resolve().then(() => JSON.parse(body) as UploadedFile)
          : finishedUploadDetails(upload.url);
        answer
          .then(resolve)
          .catch(() =>
            reject(new UploadError("unknown", "The server's answer could not be read.")),
          );
      },
      onError: (error) => {
        reject(classify(error, !created));
      },
    });

    options.signal?.addEventListener(
      "abort",
      () => {
        void upload.abort(true).catch(() => undefined);
        reject(new UploadError("canceled", "Upload was canceled", !created));
      },
      { once: true },
    );
    if (options.signal?.aborted) return;

    // Resume a previous attempt of the same file (same fingerprint) if there is
    // one for the same purpose and context; another room's upload is not this one.
    void upload.findPreviousUploads().then((previous) => {
      const last = previous.find((p) => isSameUploadContext(p.metadata, options));
      if (last) upload.resumeFromPreviousUpload(last);
      upload.start();
    });
  });
}
