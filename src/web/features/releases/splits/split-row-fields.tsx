import { Trash2 } from "lucide-react";
import type { SplitCollaborator } from "../../../../shared/responses/splits";
import { dateFormat } from "../../../../shared/intl-formats";
import { formatPaise } from "../../../../shared/money-format";
import { Button } from "../../../components/button";
import { TextField } from "../../../components/text-field";
import type { RowErrors, SplitRow } from "./split-rows";

const day = () => dateFormat(undefined, { dateStyle: "medium" });

/** The id of a row's email field: focus goes there when the row is added. */
export const rowEmailId = (key: string) => `split-${key}-email`;

/** Where a row stands: saved and answered, waiting (with what is held), or new. */
function RowState({ saved }: { saved: SplitCollaborator | undefined }) {
  if (!saved) {
    return (
      <p className="text-sm text-slate-600 dark:text-slate-300">
        New: invited by email when you save.
      </p>
    );
  }
  if (saved.state === "accepted") {
    return <p className="text-sm font-medium text-green-800 dark:text-green-300">Accepted</p>;
  }
  return (
    <div className="flex flex-col gap-0.5 text-sm">
      <p className="font-medium text-amber-900 dark:text-amber-200">
        Invited · waiting for an answer until {day().format(saved.expiresAt)}
      </p>
      {saved.heldLine !== null && (
        <p>
          {saved.heldLine}: <strong className="tabular-nums">{formatPaise(saved.heldPaise)}</strong>
        </p>
      )}
    </div>
  );
}

/**
 * One collaborator: a group named "Collaborator N", so each label reads as
 * the issue spells it ("Collaborator email", "Share (%)") and still says
 * which row it is. `saved` is the collaborator the server holds for this
 * email, if any.
 */
export function SplitRowFields(props: {
  row: SplitRow;
  number: number;
  saved: SplitCollaborator | undefined;
  errors: RowErrors | undefined;
  disabled: boolean;
  onChange: (change: Partial<SplitRow>) => void;
  onRemove: () => void;
}) {
  const { row, errors } = props;
  return (
    <fieldset className="flex min-w-0 flex-col gap-3 rounded-lg border border-slate-200 p-3 dark:border-slate-700">
      <legend className="px-1 text-sm font-semibold">Collaborator {props.number}</legend>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start">
        <TextField
          id={rowEmailId(row.key)}
          label="Collaborator email"
          type="email"
          autoComplete="off"
          className="min-w-0 flex-1"
          value={row.email}
          maxLength={254}
          error={errors?.email}
          disabled={props.disabled}
          onChange={(event) => props.onChange({ email: event.target.value })}
        />
        <TextField
          label="Share (%)"
          inputMode="decimal"
          autoComplete="off"
          className="sm:w-32"
          value={row.share}
          maxLength={6}
          error={errors?.share}
          disabled={props.disabled}
          onChange={(event) => props.onChange({ share: event.target.value })}
        />
      </div>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <RowState saved={props.saved} />
        <Button
          variant="secondary"
          className="px-3"
          disabled={props.disabled}
          onClick={props.onRemove}
        >
          <Trash2 aria-hidden="true" className="size-4" />
          Remove
        </Button>
      </div>
    </fieldset>
  );
}
