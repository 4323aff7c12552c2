import { useId, useRef, useState, type ChangeEvent } from "react";
import {
  COVER_MAX_BYTES,
  COVER_UPLOAD_PURPOSE,
  coverFileUrl,
} from "../../../../shared/song-schemas";
import { Button } from "../../../components/button";
import { UploadError, uploadFile } from "../../../lib/upload";
import { SongCover } from "../../../components/song-cover";

type UploadState =
  | { phase: "idle"; error: string | null }
  | { phase: "uploading"; percent: number; controller: AbortController };

/**
 * The cover upload: the browser checks type and size first, then the file
 * goes up with its progress; a failure or refusal becomes the idle error.
 */
function useCoverUpload(
  artistId: string,
  onChange: (coverFileId: string | null) => void,
  onUploadingChange: (uploading: boolean) => void,
) {
  const [upload, setUpload] = useState<UploadState>({ phase: "idle", error: null });
  async function choose(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = "";
    if (!file) return;
    if (!file.type.startsWith("image/")) {
      setUpload({ phase: "idle", error: "Please select a valid image file" });
      return;
    }
    if (file.size > COVER_MAX_BYTES) {
      setUpload({ phase: "idle", error: "Image size must be less than 5MB" });
      return;
    }
    const controller = new AbortController();
    setUpload({ phase: "uploading", percent: 0, controller });
    onUploadingChange(true);
    try {
      const stored = await uploadFile(file, {
        purpose: COVER_UPLOAD_PURPOSE,
        metadata: { artistId },
        signal: controller.signal,
        onProgress: (percent) => setUpload({ phase: "uploading", percent, controller }),
      });
      onChange(stored.id);
      setUpload({ phase: "idle", error: null });
    } catch (failure) {
      const message = failure instanceof UploadError ? failure.message : "Failed to upload image";
      setUpload({ phase: "idle", error: message });
    } finally {
      onUploadingChange(false);
    }
  }
  return { upload, choose };
}

/**
 * Chooses and uploads a cover for the chosen artist. The browser checks
 * type and size for a quick answer; the server checks the bytes again.
 */
export function CoverField({
  artistId,
  coverFileId,
  error,
  onChange,
  onUploadingChange,
}: {
  artistId: string;
  coverFileId: string | null;
  error: string | undefined;
  onChange: (coverFileId: string | null) => void;
  /** The form waits for a running upload before it saves. */
  onUploadingChange: (uploading: boolean) => void;
}) {
  const { upload, choose } = useCoverUpload(artistId, onChange, onUploadingChange);
  const inputRef = useRef<HTMLInputElement>(null);
  const inputId = useId();
  const shownError = (upload.phase === "idle" ? upload.error : null) ?? error;

  return (
    <div className="flex flex-col gap-3">
      {/* Wraps under the preview on a narrow screen; the file input shrinks with its column. */}
      <div className="flex flex-wrap items-center gap-4">
        <SongCover
          src={coverFileId ? coverFileUrl(coverFileId) : null}
          alt="Cover preview"
          className="size-24"
          px={96}
        />
        <div className="flex min-w-0 flex-1 basis-48 flex-col gap-1.5">
          <label htmlFor={inputId} className="text-sm font-medium">
            Cover image
          </label>
          <input
            ref={inputRef}
            id={inputId}
            type="file"
            accept="image/*"
            disabled={!artistId || upload.phase === "uploading"}
            onChange={(e) => void choose(e)}
            aria-describedby={`${inputId}-hint${shownError ? ` ${inputId}-error` : ""}`}
            aria-invalid={shownError ? true : undefined}
            className="w-full min-w-0 text-sm file:mr-3 file:rounded-lg file:border file:border-slate-300 file:bg-white file:px-3 file:py-2 file:font-semibold file:text-slate-800 dark:file:border-slate-600 dark:file:bg-slate-900 dark:file:text-slate-100"
          />
          <p id={`${inputId}-hint`} className="text-sm text-slate-600 dark:text-slate-300">
            {artistId ? "JPG, PNG, GIF up to 5MB" : "Choose the artist first."}
          </p>
        </div>
      </div>
      {upload.phase === "uploading" && (
        <UploadProgress percent={upload.percent} onCancel={() => upload.controller.abort()} />
      )}
      {shownError && (
        <p id={`${inputId}-error`} role="alert" className="text-sm text-red-700 dark:text-red-300">
          {shownError}
        </p>
      )}
      {coverFileId && upload.phase === "idle" && (
        <Button
          variant="secondary"
          className="self-start"
          onClick={() => {
            onChange(null);
            inputRef.current?.focus();
          }}
        >
          Remove cover
        </Button>
      )}
    </div>
  );
}

function UploadProgress({ percent, onCancel }: { percent: number; onCancel: () => void }) {
  return (
    <div className="flex items-center gap-3">
      <progress
        aria-label="Cover upload"
        max={100}
        value={percent}
        className="h-2 flex-1 accent-indigo-600"
      />
      <span className="text-sm tabular-nums">{percent}%</span>
      <Button variant="secondary" onClick={onCancel}>
        Cancel upload
      </Button>
    </div>
  );
}
