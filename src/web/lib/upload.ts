import { DetailedError, Upload } from "tus-js-client";
import { UPLOAD_ENDPOINT, type UploadedFile } from "../../shared/files";

export type UploadFailure = "unauthorized" | "canceled" | "rejected" | "network" | "unknown";

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

function isRetryable(status: number): boolean {
  return status === 0 || status >= 500 || status === 408 || status === 429;
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
      onShouldRetry: (error) => {
        const status = error.originalResponse?.getStatus() ?? 0;
        return isRetryable(status) && Date.now() - started < UPLOAD_RETRY_WINDOW_MS;
      },
      onUploadUrlAvailable: () => {
        created = true;
      },
      onProgress: (sent, total) => {
        options.onProgress?.(total > 0 ? Math.round((sent / total) * 100) : 0);
      },
      onSuccess: ({ lastResponse }) => {
        try {
          resolve(JSON.parse(lastResponse.getBody()) as UploadedFile);
        } catch {
          reject(new UploadError("unknown", "The server's answer could not be read."));
        }
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
