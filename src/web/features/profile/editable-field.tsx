import { useEffect, useId, useRef, useState, type SyntheticEvent } from "react";
import { Pencil } from "lucide-react";
import type { ProfileField } from "../../../shared/profile-schemas";
import { FormAlert } from "../../components/form-alert";
import { Button } from "../../components/button";
import { inputClass } from "../../components/text-field";
import { ApiError } from "../../lib/api-client";
import { showErrorsThenFocus } from "../../lib/focus-first-invalid";
import { useUpdateProfile } from "./api/update-profile";

export interface EditableFieldProps {
  field: ProfileField;
  label: string;
  /** Names the field in its buttons ("Edit artist name"); the label in lower case by default. */
  subject?: string;
  /** The saved value; null or "" shows the field straight in edit mode. */
  saved: string | null;
  multiline?: boolean;
  rows?: number;
  inputType?: "text" | "url";
  placeholder?: string;
  /** Links may be saved empty; name and bio may not. */
  allowEmpty: boolean;
  /** Checks and normalises the draft in the browser; the server checks again. */
  prepare: (draft: string) => { value: string } | { error: string };
  successMessage: string;
  failureMessage: string;
  /** Whether a 400 from the server shows its own text (a link's format) or the failure text. */
  showServerValidation?: boolean;
}

type Status = { tone: "success" | "error"; text: string } | null;

/**
 * A profile field that shows its saved value read-only with an edit button;
 * editing copies the saved value into a draft, Cancel restores it.
 */
/**
 * The field's edit state: Edit copies the saved value into a draft, Cancel
 * restores it, Save checks and sends it; focus moves into the field on Edit
 * and back to Edit after Cancel or Save.
 */
function useEditableField(props: EditableFieldProps) {
  const { field, saved } = props;
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState("");
  const [status, setStatus] = useState<Status>(null);
  const update = useUpdateProfile();
  const hasSaved = Boolean(saved);
  const inEditMode = editing || !hasSaved;
  const value = inEditMode ? draft : (saved ?? "");
  // Edit moves focus into the field; Cancel and Save bring it back to Edit.
  const control$ = useRef<HTMLInputElement & HTMLTextAreaElement>(null);
  const editButton = useRef<HTMLButtonElement>(null);
  const focusNext = useRef<"field" | "edit" | null>(null);
  useEffect(() => {
    if (focusNext.current === "field") control$.current?.focus();
    if (focusNext.current === "edit") editButton.current?.focus();
    focusNext.current = null;
  }, [inEditMode]);

  const startEditing = () => {
    setDraft(saved ?? "");
    setStatus(null);
    setEditing(true);
    focusNext.current = "field";
  };
  const cancel = () => {
    setDraft(saved ?? "");
    setStatus(null);
    setEditing(false);
    focusNext.current = "edit";
  };

  // A refusal is the field's message (aria-describedby): focus goes back to the field.
  const showError = (text: string) =>
    showErrorsThenFocus(control$.current?.form ?? null, () => setStatus({ tone: "error", text }));

  const onSubmit = (event: SyntheticEvent) => {
    event.preventDefault();
    const prepared = props.prepare(draft);
    if ("error" in prepared) return showError(prepared.error);
    update.mutate(
      { [field]: prepared.value },
      {
        onSuccess: () => {
          setStatus({ tone: "success", text: props.successMessage });
          setEditing(false);
          focusNext.current = "edit";
          setDraft(prepared.value);
        },
        onError: (error) => {
          const own =
            props.showServerValidation &&
            error instanceof ApiError &&
            error.code === "VALIDATION_FAILED";
          showError(own ? error.message : props.failureMessage);
        },
      },
    );
  };
  return {
    inEditMode,
    hasSaved,
    value,
    draft,
    setDraft,
    status,
    update,
    control$,
    editButton,
    startEditing,
    cancel,
    onSubmit,
  };
}

export function EditableField(props: EditableFieldProps) {
  const { label, multiline, rows, allowEmpty } = props;
  const id = useId();
  const subject = props.subject ?? label.toLowerCase();
  const { inEditMode, hasSaved, value, draft, setDraft, status, update, ...edit } =
    useEditableField(props);
  const { control$, editButton, startEditing, cancel, onSubmit } = edit;
  const control = {
    ref: control$,
    id,
    value,
    readOnly: !inEditMode,
    placeholder: inEditMode ? props.placeholder : undefined,
    onChange: (e: { target: { value: string } }) => setDraft(e.target.value),
    "aria-invalid": status?.tone === "error" ? true : undefined,
    "aria-describedby": status?.tone === "error" ? `${id}-error` : undefined,
    className: `${inputClass} ${inEditMode ? "" : "bg-slate-50 dark:bg-slate-800"}`,
  };

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-2">
      <div className="flex items-center justify-between gap-2">
        <label htmlFor={id} className="text-sm font-medium">
          {label}
        </label>
        {!inEditMode && (
          <button
            ref={editButton}
            type="button"
            onClick={startEditing}
            aria-label={`Edit ${subject}`}
            className="flex size-9 items-center justify-center rounded-full text-slate-700 hover:bg-slate-200 dark:text-slate-200 dark:hover:bg-slate-800"
          >
            <Pencil aria-hidden="true" className="size-4" />
          </button>
        )}
      </div>
      {multiline ? (
        <textarea rows={rows} {...control} />
      ) : (
        <input type={props.inputType ?? "text"} {...control} />
      )}
      {inEditMode && (
        <div className="flex justify-end gap-2">
          {hasSaved && (
            <Button
              variant="secondary"
              onClick={cancel}
              disabled={update.isPending}
              aria-label={`Cancel editing ${subject}`}
            >
              Cancel
            </Button>
          )}
          <Button
            type="submit"
            aria-label={`Save ${subject}`}
            disabled={update.isPending || (!allowEmpty && draft.trim() === "")}
          >
            {update.isPending ? "Saving…" : "Save"}
          </Button>
        </div>
      )}
      <FormAlert
        errorId={`${id}-error`}
        error={status?.tone === "error" && status.text}
        success={status?.tone === "success" && status.text}
      />
    </form>
  );
}
