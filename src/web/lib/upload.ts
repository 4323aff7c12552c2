import type { UploadedFile } from "../../shared/files";
import type { UploadOptions } from "./upload-rules";

export {
  UploadError,
  isSameUploadContext,
  shouldRetryUpload,
  type UploadFailure,
  type UploadOptions,
} from "./upload-rules";

/**
 * Uploads a file through the tus endpoint with progress, retry with backoff
 * and resume. Resolves with the stored file as the server judged it.
 * tus-js-client loads with the first upload (upload-tus.ts), not with the
 * screens that only might upload.
 */
export async function uploadFile(file: File, options: UploadOptions): Promise<UploadedFile> {
  const { uploadWithTus } = await import("./upload-tus");
  return uploadWithTus(file, options);
}
