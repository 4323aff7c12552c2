import { useEffect, useId, useRef, useState, type ChangeEvent } from "react";
import { Camera } from "lucide-react";
import {
  PICTURE_HINT,
  PICTURE_INVALID_TYPE_MESSAGE,
  PICTURE_SAVED_MESSAGE,
  PICTURE_TOO_LARGE_MESSAGE,
} from "../../../shared/profile-messages";
import { checkPictureFile } from "../../../shared/profile-schemas";
import { FormAlert } from "../../components/form-alert";
import { Avatar } from "../../components/avatar";
import { Button } from "../../components/button";
import { ProgressRing } from "../../components/progress-ring";
import { useUploadProfilePicture } from "./api/upload-profile-picture";
import { pictureUploadFailureMessage } from "./picture-upload-message";

interface Preview {
  file: File;
  url: string;
}

/** The picture chosen, not yet saved; its object URL is released when replaced or left. */
function usePreview() {
  const [preview, setPreview] = useState<Preview | null>(null);
  useEffect(() => {
    if (!preview) return;
    return () => URL.revokeObjectURL(preview.url);
  }, [preview]);
  return [preview, setPreview] as const;
}

/** Sending the picture chosen: its progress, and a stop that also runs on leaving the screen. */
function useSendPicture(preview: Preview | null, setPreview: (next: Preview | null) => void) {
  const [percent, setPercent] = useState(0);
  const abort = useRef<AbortController | null>(null);
  const upload = useUploadProfilePicture();

  // Leaving the screen mid-upload stops the upload.
  useEffect(() => () => abort.current?.abort(), []);

  const onSave = () => {
    if (!preview) return;
    const controller = new AbortController();
    abort.current = controller;
    setPercent(0);
    upload.mutate(
      { file: preview.file, onProgress: setPercent, signal: controller.signal },
      {
        onSuccess: () => setPreview(null),
        onSettled: () => {
          abort.current = null;
        },
      },
    );
  };
  return { upload, percent, onSave, stop: () => abort.current?.abort() };
}

export function ProfilePictureSection({ name, saved }: { name: string; saved: string | null }) {
  const [preview, setPreview] = usePreview();
  const [pickError, setPickError] = useState<string | null>(null);
  const { upload, percent, onSave, stop } = useSendPicture(preview, setPreview);
  const errorId = useId();
  const error = pickError ?? (upload.error && pictureUploadFailureMessage(upload.error));

  const onPick = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = "";
    if (!file) return;
    upload.reset();
    const check = checkPictureFile(file);
    if (check !== "ok") {
      setPreview(null);
      setPickError(
        check === "not-image" ? PICTURE_INVALID_TYPE_MESSAGE : PICTURE_TOO_LARGE_MESSAGE,
      );
      // Back on the input, which the message now describes.
      event.target.focus();
      return;
    }
    setPickError(null);
    setPreview({ file, url: URL.createObjectURL(file) });
  };

  const onDiscard = () => {
    setPreview(null);
    upload.reset();
  };

  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center gap-4">
        {preview ? (
          <img
            src={preview.url}
            alt="Selected file preview"
            className="size-20 shrink-0 rounded-full object-cover"
          />
        ) : (
          <Avatar src={saved} name={name} size="lg" />
        )}
        {upload.isPending && <ProgressRing percent={percent} label="Upload progress" />}
        <PictureFileInput
          disabled={upload.isPending}
          onPick={onPick}
          errorId={error ? errorId : undefined}
        />
      </div>
      {preview && (
        <PreviewActions
          uploading={upload.isPending}
          onStop={stop}
          onDiscard={onDiscard}
          onSave={onSave}
        />
      )}
      <FormAlert
        errorId={errorId}
        error={error}
        success={upload.isSuccess && PICTURE_SAVED_MESSAGE}
      />
    </div>
  );
}

/** "Choose picture": the real file input stays focusable, its label is the button people see. */
function PictureFileInput(props: {
  disabled: boolean;
  onPick: (event: ChangeEvent<HTMLInputElement>) => void;
  /** The refusal of the picture picked or sent, when there is one: the input's message. */
  errorId: string | undefined;
}) {
  const { disabled, onPick, errorId } = props;
  const inputId = useId();
  return (
    <div className="flex flex-col gap-1">
      {/* The real file input stays focusable; its label is what people see and click. */}
      <input
        id={inputId}
        type="file"
        accept="image/*"
        className="peer sr-only"
        onChange={onPick}
        disabled={disabled}
        aria-invalid={errorId ? true : undefined}
        aria-describedby={errorId ? `${errorId} ${inputId}-hint` : `${inputId}-hint`}
      />
      <label
        htmlFor={inputId}
        className="inline-flex cursor-pointer items-center justify-center gap-2 rounded-lg border border-slate-300 bg-white px-4 py-2.5 text-sm font-semibold text-slate-800 peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-indigo-600 peer-disabled:cursor-not-allowed peer-disabled:text-slate-500 hover:bg-slate-100 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100 dark:peer-focus-visible:outline-indigo-400 dark:hover:bg-slate-800"
      >
        <Camera aria-hidden="true" className="size-4" />
        Choose picture
      </label>
      <p id={`${inputId}-hint`} className="text-sm text-slate-600 dark:text-slate-300">
        {PICTURE_HINT}
      </p>
    </div>
  );
}

/** With a picture chosen: Save or Cancel; while it uploads, Cancel upload. */
function PreviewActions(props: {
  uploading: boolean;
  onStop: () => void;
  onDiscard: () => void;
  onSave: () => void;
}) {
  const { uploading, onStop, onDiscard, onSave } = props;
  return (
    <div className="flex flex-wrap gap-2">
      {uploading ? (
        <Button variant="secondary" onClick={onStop}>
          Cancel upload
        </Button>
      ) : (
        <>
          <Button variant="secondary" onClick={onDiscard}>
            Cancel
          </Button>
          <Button onClick={onSave}>Save picture</Button>
        </>
      )}
    </div>
  );
}
