import type { UploadedFile } from "../../../../shared/files";
import { STATEMENT_PURPOSE } from "../../../../shared/statement-fields";
import { uploadFile } from "../../../lib/upload";

/** The finish details of a statement upload: the statement the server made of it. */
type UploadedStatement = UploadedFile & { statement?: { id: string } };

/**
 * A statement file through the portal's tus client (lib/upload.ts),
 * resumable, with its percentage. The server reads the header line and
 * hashes the file as it arrives; it refuses a file already imported with
 * the sentence the agent reads (an UploadError whose message it is).
 * Resolves with the new statement's id.
 */
export async function uploadStatement(
  file: File,
  onProgress: (percent: number) => void,
  signal: AbortSignal,
): Promise<string> {
  const stored: UploadedStatement = await uploadFile(file, {
    purpose: STATEMENT_PURPOSE,
    metadata: { filename: file.name },
    onProgress,
    signal,
  });
  const id = stored.statement?.id;
  if (!id) throw new Error("The server did not say which statement this file became.");
  return id;
}
