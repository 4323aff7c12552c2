import { useEffect, useRef, useState, type ChangeEvent } from "react";
import type { ReleaseUploadedFile } from "../../../shared/release-schemas";
import { UploadError } from "../../lib/upload";
import { uploadReleaseFile } from "./api/upload-release-file";

export type ReleaseUploadState =
  { phase: "idle"; error: string | null } | { phase: "uploading"; percent: number; name: string };

/**
 * A file input's upload: progress while it goes, then the checked file for
 * the form, or the server's refusal shown beside the field (the file the
 * field had stays). Leaving the screen stops the upload.
 */
export function useReleaseUpload(
  purpose: string,
  metadata: Record<string, string>,
  onUploaded: (file: ReleaseUploadedFile) => void,
) {
  const [state, setState] = useState<ReleaseUploadState>({ phase: "idle", error: null });
  const controller = useRef<AbortController | null>(null);
  useEffect(() => () => controller.current?.abort(), []);

  async function choose(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = "";
    if (!file) return;
    const abort = new AbortController();
    controller.current = abort;
    setState({ phase: "uploading", percent: 0, name: file.name });
    try {
      const stored = await uploadReleaseFile({
        file,
        purpose,
        metadata,
        signal: abort.signal,
        onProgress: (percent) => setState({ phase: "uploading", percent, name: file.name }),
      });
      onUploaded(stored);
      setState({ phase: "idle", error: null });
    } catch (failure) {
      if (abort.signal.aborted && controller.current !== abort) return;
      const message = failure instanceof UploadError ? failure.message : "The upload failed.";
      setState({ phase: "idle", error: message });
    } finally {
      if (controller.current === abort) controller.current = null;
    }
  }

  const cancel = () => controller.current?.abort();
  return { state, choose, cancel };
}
