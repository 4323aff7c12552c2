import { useState, type InputHTMLAttributes, type TextareaHTMLAttributes } from "react";
import { Eye, EyeOff } from "lucide-react";
import { FieldFrame, hintClass, inputClass, useFieldIds, type FieldProps } from "./form-field";

export { inputClass } from "./form-field";

type TextFieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, "children"> &
  FieldProps & { label: string };

/** A labelled input whose error and hint are tied to it for screen readers. */
export function TextField({ label, error, hint, id, className = "", ...props }: TextFieldProps) {
  const { controlId, aria } = useFieldIds(id, { label, error, hint });
  return (
    <FieldFrame controlId={controlId} label={label} hint={hint} error={error} className={className}>
      <input id={controlId} {...aria} className={inputClass} {...props} />
    </FieldFrame>
  );
}

type TextAreaFieldProps = Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, "children"> &
  FieldProps;

/** A labelled text area, tied to its hint and error like a TextField. */
export function TextAreaField(props: TextAreaFieldProps) {
  const { label, error, hint, id, className = "", ...rest } = props;
  const { controlId, aria } = useFieldIds(id, { label, error, hint });
  return (
    <FieldFrame controlId={controlId} label={label} hint={hint} error={error} className={className}>
      <textarea id={controlId} {...aria} className={inputClass} {...rest} />
    </FieldFrame>
  );
}

/** Password input with a show/hide toggle button. */
export function PasswordField({ label, error, hint, id, ...props }: Omit<TextFieldProps, "type">) {
  const [visible, setVisible] = useState(false);
  const { controlId, aria } = useFieldIds(id, { label, error, hint });
  return (
    <FieldFrame
      controlId={controlId}
      label={label}
      hint={hint}
      error={error}
      // A text hint looks like every field's; a checklist styles itself.
      hintClassName={typeof hint === "string" ? hintClass : ""}
    >
      <div className="relative">
        <input
          id={controlId}
          type={visible ? "text" : "password"}
          {...aria}
          className={`${inputClass} pr-11`}
          {...props}
        />
        <button
          type="button"
          onClick={() => setVisible((v) => !v)}
          aria-label={visible ? `Hide ${label.toLowerCase()}` : `Show ${label.toLowerCase()}`}
          aria-pressed={visible}
          className="absolute inset-y-0 right-0 flex w-11 items-center justify-center rounded-r-lg text-slate-600 hover:text-slate-900 dark:text-slate-300 dark:hover:text-white"
        >
          {visible ? (
            <EyeOff aria-hidden="true" className="size-5" />
          ) : (
            <Eye aria-hidden="true" className="size-5" />
          )}
        </button>
      </div>
    </FieldFrame>
  );
}
