import type { ReleaseUploadedFile } from "../../../../shared/release-schemas";
import { uploadFile } from "../../../lib/upload";

export interface ReleaseFileUpload {
  file: File;
  purpose: string;
  /** releaseId, and the audio's trackId. */
  metadata: Record<string, string>;
  onProgress: (percent: number) => void;
  signal: AbortSignal;
}

/**
 * One release file through the portal's tus client (lib/upload.ts): the
 * server reads it when the last byte arrives and answers with its checked
 * details, or refuses it with the sentence the artist reads (an UploadError
 * "rejected" whose message is that sentence).
 */
export async function uploadReleaseFile(upload: ReleaseFileUpload): Promise<ReleaseUploadedFile> {
  const { file, purpose, metadata, onProgress, signal } = upload;
  // The release purposes' answer carries the checked details beside the file.
  const stored: ReleaseUploadedFile = await uploadFile(file, {
    purpose,
    metadata,
    onProgress,
    signal,
  });
  return stored;
}
