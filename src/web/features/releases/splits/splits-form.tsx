import { Plus } from "lucide-react";
import type { TrackSplits } from "../../../../shared/responses/splits";
import { splitMessages } from "../../../../shared/split-messages";
import { Button } from "../../../components/button";
import { FormAlert } from "../../../components/form-alert";
import { SplitRowFields } from "./split-row-fields";
import { ownShareLine, rowsChanged } from "./split-rows";
import { useSplitsForm } from "./use-splits-form";

/**
 * A track's collaborators as a form: their emails and shares, the artist's
 * own share as it stands (`You: 60%`), Add collaborator, Remove and Save
 * splits. The whole list is saved at once; a share over 100 % in all is
 * refused here as the server would refuse it.
 */
export function SplitsForm(props: {
  releaseId: string;
  trackId: string;
  splits: TrackSplits;
  idPrefix: string;
  /** Reads the track's splits again (after two saves crossed). */
  reload: () => Promise<TrackSplits | undefined>;
}) {
  const { splits } = props;
  const addId = `${props.idPrefix}-add`;
  const form = useSplitsForm(props.releaseId, props.trackId, splits, addId, props.reload);
  const { rows, saving } = form;
  const full = rows.length >= splits.maxCollaborators;
  const savedByEmail = new Map(splits.collaborators.map((c) => [c.email.toLowerCase(), c]));
  return (
    <form onSubmit={form.submit} noValidate className="flex flex-col gap-3">
      <p className="font-semibold tabular-nums" aria-live="polite">
        {ownShareLine(rows)}
      </p>
      {rows.length > 0 && (
        <ol className="flex flex-col gap-3">
          {rows.map((row, index) => (
            <li key={row.key}>
              <SplitRowFields
                row={row}
                number={index + 1}
                saved={savedByEmail.get(row.email.trim().toLowerCase())}
                errors={form.rowErrors[row.key]}
                disabled={saving}
                onChange={(update) => form.change(row.key, update)}
                onRemove={() => form.remove(row.key)}
              />
            </li>
          ))}
        </ol>
      )}
      {form.listError && (
        <p role="alert" className="text-sm font-medium text-red-700 dark:text-red-300">
          {form.listError}
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        <Button id={addId} variant="secondary" disabled={full || saving} onClick={form.add}>
          <Plus aria-hidden="true" className="size-4" />
          Add collaborator
        </Button>
        <Button type="submit" disabled={saving || !rowsChanged(rows, splits)}>
          {saving ? "Saving…" : "Save splits"}
        </Button>
      </div>
      {full && (
        <p className="text-sm text-slate-600 dark:text-slate-300">
          {splitMessages.tooMany(splits.maxCollaborators)}
        </p>
      )}
      <FormAlert error={form.serverError} success={form.message} />
      {form.conflict && (
        <Button variant="secondary" className="self-start" onClick={() => void form.startAgain()}>
          Reload splits
        </Button>
      )}
    </form>
  );
}
