import { DetailedError, Upload } from "tus-js-client";
import { UPLOAD_ENDPOINT, type UploadedFile } from "../../shared/files";
import { ApiError, apiFetch } from "./api-client";
import {
  CHUNK_SIZE,
  RETRY_DELAYS_MS,
  UploadError,
  isSameUploadContext,
  shouldRetryUpload,
  type UploadOptions,
} from "./upload-rules";

/** tus-js-client's half of upload.ts: loaded with the first upload. */

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

/** A finished upload's details, for a resume that ended on a HEAD (no body). */
function finishedUploadDetails(uploadUrl: string | null): Promise<UploadedFile> {
  const id = uploadUrl?.split("/").pop();
  if (!id) return Promise.reject(new Error("no upload URL"));
  return apiFetch(`${UPLOAD_ENDPOINT}/${id}/file`, { answer: "uploadedFile" });
}

/** upload.ts's uploadFile, with tus-js-client. */
export function uploadWithTus(file: File, options: UploadOptions): Promise<UploadedFile> {
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
        answer.then(resolve).catch((error: unknown) =>
          // No answer at all is the connection's fault: the caller tries again later.
          reject(
            error instanceof ApiError || error instanceof SyntaxError
              ? new UploadError("unknown", "The server's answer could not be read.")
              : new UploadError("network", "The connection was lost."),
          ),
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
