import { useState, type SyntheticEvent } from "react";
import type { TrackSplits } from "../../../../shared/responses/splits";
import { ApiError } from "../../../lib/api-client";
import { changeThenFocus } from "../../../lib/change-then-focus";
import { useSaveTrackSplits } from "../../splits/api/splits";
import { rowEmailId } from "./split-row-fields";
import {
  hasErrors,
  rowsFromSplits,
  serverFormErrors,
  splitFormErrors,
  splitsInput,
  type SplitFormErrors,
  type SplitRow,
} from "./split-rows";

const noErrors: SplitFormErrors = { rows: {} };

/** A new row's key: unique on the page, never sent. */
let rowCount = 0;
const newRow = (): SplitRow => ({ key: `new-${++rowCount}`, email: "", share: "" });

/** What a save did, in a sentence: the invitations it sent. */
export function savedMessage(invited: readonly string[]): string {
  if (invited.length === 0) return "Splits saved.";
  return `Splits saved. Invitation sent to ${invited.join(", ")}.`;
}

/** A failed save's sentence above the buttons; field errors are on their rows instead. */
function saveErrorText(error: Error | null): string | null {
  if (!error) return null;
  if (!(error instanceof ApiError)) return "Could not save the splits. Please try again.";
  return error.fieldErrors ? null : error.message;
}

/**
 * Change a row, Remove (focus back to Add collaborator), Add collaborator
 * (focus to the new row's email); `onEdit` runs before each.
 */
function rowEditing(
  setRows: (update: (list: SplitRow[]) => SplitRow[]) => void,
  addId: string,
  onEdit: () => void,
) {
  const edit = (update: (list: SplitRow[]) => SplitRow[], focusId?: string) => {
    onEdit();
    if (focusId) changeThenFocus(() => setRows(update), focusId);
    else setRows(update);
  };
  return {
    change: (key: string, update: Partial<SplitRow>) =>
      edit((list) => list.map((row) => (row.key === key ? { ...row, ...update } : row))),
    remove: (key: string) => edit((list) => list.filter((row) => row.key !== key), addId),
    add: () => {
      const row = newRow();
      edit((list) => [...list, row], rowEmailId(row.key));
    },
  };
}

/**
 * The Splits form's rows and what its buttons do: Add collaborator (focus
 * to the new row's email), Remove (focus back to Add collaborator), and
 * Save splits, refused here in the server's words before it is sent (focus
 * to the first row in error) and put on the rows the server names after.
 */
export function useSplitsForm(
  releaseId: string,
  trackId: string,
  splits: TrackSplits,
  addId: string,
  reload: () => Promise<TrackSplits | undefined>,
) {
  const [rows, setRows] = useState(() => rowsFromSplits(splits));
  // Rows' own errors show once Save was pressed, and follow the typing after.
  const [tried, setTried] = useState(false);
  // The server's, until the next edit.
  const [serverErrors, setServerErrors] = useState<SplitFormErrors>(noErrors);
  const [message, setMessage] = useState<string | null>(null);
  const save = useSaveTrackSplits(releaseId, trackId);
  const editing = rowEditing(setRows, addId, () => {
    setMessage(null);
    setServerErrors(noErrors);
  });

  const submit = (event: SyntheticEvent) => {
    event.preventDefault();
    const errors = splitFormErrors(rows);
    setTried(true);
    setServerErrors(noErrors);
    setMessage(null);
    if (hasErrors(errors)) {
      const first = rows.find((row) => errors.rows[row.key]);
      if (first) document.getElementById(rowEmailId(first.key))?.focus();
      return;
    }
    const sent = rows;
    save.mutate(splitsInput(sent), {
      onSuccess: (saved) => {
        setTried(false);
        setRows(rowsFromSplits(saved));
        setMessage(savedMessage(saved.invited));
      },
      onError: (error) => {
        if (error instanceof ApiError && error.fieldErrors) {
          setServerErrors(serverFormErrors(sent, error.fieldErrors));
        }
      },
    });
  };

  // Over 100 % is said as soon as it is typed, and goes as soon as it is fixed.
  const own = splitFormErrors(rows);
  const rowErrors = { ...(tried ? own.rows : {}), ...serverErrors.rows };
  const listError = own.list ?? serverErrors.list;
  const serverError = saveErrorText(save.error);
  // Two saves crossed (409): the rows start again from the splits as saved now.
  const conflict = save.error instanceof ApiError && save.error.status === 409;
  const startAgain = async () => {
    const fresh = await reload();
    if (!fresh) return;
    save.reset();
    setTried(false);
    setServerErrors(noErrors);
    setRows(rowsFromSplits(fresh));
  };
  return {
    rows,
    conflict,
    startAgain,
    rowErrors,
    listError,
    serverError,
    message,
    saving: save.isPending,
    ...editing,
    submit,
  };
}
