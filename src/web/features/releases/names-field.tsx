import { useState, type KeyboardEvent, type ReactNode } from "react";
import { X } from "lucide-react";
import { RELEASE_MAX_FEATURED_ARTISTS } from "../../../shared/release-constants";
import { Button } from "../../components/button";
import { FieldFrame, inputClass, useFieldIds } from "../../components/form-field";

/**
 * Featured artists: a list of names, each added from the labelled box (Add or
 * Enter) and removed with its own button, named after the name it removes.
 */
export function NamesField(props: {
  id: string;
  label: string;
  names: readonly string[];
  onChange: (names: string[]) => void;
  error?: string | undefined;
  hint?: ReactNode;
}) {
  const { id, label, names, onChange, error, hint } = props;
  const [text, setText] = useState("");
  const { controlId, aria } = useFieldIds(id, { label, error, hint });
  const full = names.length >= RELEASE_MAX_FEATURED_ARTISTS;
  const add = () => {
    const name = text.trim();
    if (!name || full) return;
    if (!names.includes(name)) onChange([...names, name]);
    setText("");
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== "Enter") return;
    event.preventDefault();
    add();
  };
  return (
    <FieldFrame controlId={controlId} label={label} hint={hint} error={error}>
      {names.length > 0 && (
        <ul aria-label={`${label} added`} className="flex flex-wrap gap-2">
          {names.map((name) => (
            <li
              key={name}
              className="inline-flex max-w-full items-center gap-1 rounded-full bg-slate-100 py-0.5 pr-1 pl-3 text-sm dark:bg-slate-800"
            >
              <span className="truncate">{name}</span>
              <button
                type="button"
                aria-label={`Remove ${name}`}
                onClick={() => onChange(names.filter((n) => n !== name))}
                className="flex size-7 items-center justify-center rounded-full hover:bg-slate-200 dark:hover:bg-slate-700"
              >
                <X aria-hidden="true" className="size-4" />
              </button>
            </li>
          ))}
        </ul>
      )}
      <div className="flex gap-2">
        <input
          id={controlId}
          {...aria}
          value={text}
          maxLength={200}
          disabled={full}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={onKeyDown}
          className={`${inputClass} min-w-0 flex-1`}
        />
        <Button variant="secondary" onClick={add} disabled={full || !text.trim()}>
          Add
        </Button>
      </div>
    </FieldFrame>
  );
}
