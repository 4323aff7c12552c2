import type { ChangeEvent, ReactNode } from "react";
import { Button } from "../../components/button";
import { FieldError } from "../../components/form-field";
import { ProgressRing } from "../../components/progress-ring";
import type { ReleaseUploadState } from "./use-release-upload";

/**
 * A labelled file input (the browser's own control: keyboard reachable, its
 * name the label), the upload's progress with its percentage, the checked
 * file's line, and the refusal or the field's issue beside it.
 */
export function FileField(props: {
  id: string;
  label: string;
  accept: string;
  state: ReleaseUploadState;
  onChoose: (event: ChangeEvent<HTMLInputElement>) => void;
  onCancel: () => void;
  /** What the field holds now: the check line (and a preview). */
  current: ReactNode;
  /** The field's issue (e.g. "Add the audio file."), shown when no refusal is. */
  error?: string | undefined;
  warnings?: ReactNode;
}) {
  const { id, label, accept, state, onChoose, onCancel, current, error, warnings } = props;
  const refusal = state.phase === "idle" ? state.error : null;
  // The warnings (and the label's items to fix) are read with the field too.
  const describedBy = [
    `${id}-current`,
    warnings ? `${id}-warnings` : null,
    (refusal ?? error) && `${id}-error`,
  ]
    .filter(Boolean)
    .join(" ");
  return (
    <div className="flex min-w-0 flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      <div id={`${id}-current`} className="text-sm">
        {current}
      </div>
      {warnings && <div id={`${id}-warnings`}>{warnings}</div>}
      <input
        id={id}
        type="file"
        accept={accept}
        onChange={onChoose}
        disabled={state.phase === "uploading"}
        aria-describedby={describedBy || undefined}
        aria-invalid={refusal || error ? true : undefined}
        className="max-w-full text-sm file:mr-3 file:rounded-lg file:border file:border-slate-300 file:bg-white file:px-3 file:py-2 file:font-semibold file:text-slate-800 dark:file:border-slate-600 dark:file:bg-slate-900 dark:file:text-slate-100"
      />
      {state.phase === "uploading" && (
        <div className="flex flex-wrap items-center gap-3">
          <ProgressRing percent={state.percent} label={`Uploading ${label.toLowerCase()}`} />
          <span className="min-w-0 truncate text-sm">{state.name}</span>
          <Button variant="secondary" onClick={onCancel}>
            Cancel upload
          </Button>
        </div>
      )}
      {refusal ? (
        <p id={`${id}-error`} role="alert" className="text-sm text-red-700 dark:text-red-300">
          {refusal}
        </p>
      ) : (
        <FieldError id={`${id}-error`} error={error} />
      )}
    </div>
  );
}
