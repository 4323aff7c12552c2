import { useId, type ReactNode } from "react";

/** The look every text input, text area and select shares. */
export const inputClass =
  "w-full rounded-lg border border-slate-500 bg-white px-3 py-2.5 text-slate-900 placeholder:text-slate-500 dark:border-slate-400 dark:bg-slate-900 dark:text-slate-100 dark:placeholder:text-slate-400";

export const hintClass = "text-sm text-slate-600 dark:text-slate-300";

/** What every field takes besides its control's own attributes. */
export interface FieldProps {
  label: ReactNode;
  error?: string | undefined;
  hint?: ReactNode;
}

/**
 * The id a control gets (its own, or a generated one) and the attributes that
 * tie its hint and error to it: `aria-describedby` and `aria-invalid`.
 */
export function useFieldIds(id: string | undefined, { error, hint }: FieldProps) {
  const autoId = useId();
  const controlId = id ?? autoId;
  const describedBy = [error && `${controlId}-error`, hint && `${controlId}-hint`]
    .filter(Boolean)
    .join(" ");
  return {
    controlId,
    aria: {
      "aria-invalid": error ? true : undefined,
      "aria-describedby": describedBy || undefined,
    },
  } as const;
}

interface FieldFrameProps extends FieldProps {
  controlId: string;
  className?: string;
  /** The hint's own classes; a hint that styles itself (a checklist) passes "". */
  hintClassName?: string;
  children: ReactNode;
}

/** A real label above the control, the hint and the error below it, each with its id. */
export function FieldFrame(props: FieldFrameProps) {
  const { controlId, label, hint, error, className = "", hintClassName = hintClass } = props;
  return (
    <div className={`flex flex-col gap-1.5 ${className}`.trimEnd()}>
      <label htmlFor={controlId} className="text-sm font-medium">
        {label}
      </label>
      {props.children}
      {hint && (
        <div id={`${controlId}-hint`} className={hintClassName || undefined}>
          {hint}
        </div>
      )}
      <FieldError id={`${controlId}-error`} error={error} />
    </div>
  );
}

/** A field's own error, in the same red wherever it shows. */
export function FieldError({ id, error }: { id: string; error?: string | undefined }) {
  if (!error) return null;
  return (
    <p id={id} className="text-sm text-red-700 dark:text-red-300">
      {error}
    </p>
  );
}
