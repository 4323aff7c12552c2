import type { SelectHTMLAttributes } from "react";
import { FieldFrame, inputClass, useFieldIds, type FieldProps } from "./form-field";

type SelectFieldProps = SelectHTMLAttributes<HTMLSelectElement> & FieldProps;

/** A labelled select (its options are the children), tied to its hint and error. */
export function SelectField(props: SelectFieldProps) {
  const { label, error, hint, id, className = "", children, ...rest } = props;
  const { controlId, aria } = useFieldIds(id, { label, error, hint });
  return (
    <FieldFrame controlId={controlId} label={label} hint={hint} error={error} className={className}>
      <select id={controlId} {...aria} className={inputClass} {...rest}>
        {children}
      </select>
    </FieldFrame>
  );
}
