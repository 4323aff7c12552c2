import type { InputHTMLAttributes, ReactNode } from "react";
import { FieldError, useFieldIds } from "./form-field";

type CheckboxFieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, "type" | "children"> & {
  label: ReactNode;
  error?: string | undefined;
};

/** A checkbox with its label beside it and its error below, tied to it for screen readers. */
export function CheckboxField({ label, error, id, ...props }: CheckboxFieldProps) {
  const { controlId, aria } = useFieldIds(id, { label, error });
  return (
    <div className="flex flex-col gap-1.5">
      <div className="flex items-start gap-3">
        <input
          id={controlId}
          type="checkbox"
          {...aria}
          className="mt-1 size-4 accent-indigo-600"
          {...props}
        />
        <label htmlFor={controlId} className="text-sm">
          {label}
        </label>
      </div>
      <FieldError id={`${controlId}-error`} error={error} />
    </div>
  );
}
