import { useId, useState } from "react";
import { Plus, Trash2 } from "lucide-react";
import { CHANGE_REASONS, type ChangeReason } from "../../../../shared/release-review";
import { releaseReviewMessages as m } from "../../../../shared/release-review-messages";
import type { ChangeRequestItem } from "../../../../shared/responses/release-review";
import { Button } from "../../../components/button";
import { SelectField } from "../../../components/select-field";
import { TextAreaField } from "../../../components/text-field";
import { ReviewDialog } from "./review-dialog";

interface ItemDraft {
  key: number;
  reason: ChangeReason | "";
  note: string;
}

const NOTE_MAX = 500;
let nextKey = 1;
const emptyItem = (): ItemDraft => ({ key: nextKey++, reason: "", note: "" });

/** Each item's own problems, in the server's words, shown before anything is sent. */
function itemErrors(item: ItemDraft): { reason?: string; note?: string } {
  return {
    ...(item.reason ? {} : { reason: m.reasonRequired }),
    ...(item.note.trim() ? {} : { note: m.noteRequired }),
  };
}

/** The items to send, or null while one of them is incomplete. */
function completeItems(items: readonly ItemDraft[]): ChangeRequestItem[] | null {
  const complete: ChangeRequestItem[] = [];
  for (const { reason, note } of items) {
    if (!reason || !note.trim()) return null;
    complete.push({ reason, note: note.trim() });
  }
  return complete;
}

/** What the artist must fix: one or more items, each a reason and a note. */
export function RequestChangesDialog(props: {
  busy: boolean;
  error: string | null;
  onSend: (items: ChangeRequestItem[]) => void;
  onClose: () => void;
}) {
  const [items, setItems] = useState<ItemDraft[]>(() => [emptyItem()]);
  const [tried, setTried] = useState(false);
  const addId = useId();
  const remove = (key: number) => {
    setItems((all) => all.filter((other) => other.key !== key));
    // The removed item's button is gone: focus stays in the dialog, on Add item.
    document.getElementById(addId)?.focus();
  };
  const update = (key: number, change: Partial<ItemDraft>) =>
    setItems((all) => all.map((item) => (item.key === key ? { ...item, ...change } : item)));
  const send = () => {
    setTried(true);
    const complete = completeItems(items);
    if (complete) props.onSend(complete);
  };
  return (
    <ReviewDialog
      title="Request changes"
      confirm="Request changes"
      busy={props.busy}
      error={props.error}
      onSubmit={send}
      onClose={props.onClose}
    >
      <p className="text-sm">The artist sees each item beside the field to fix.</p>
      {items.map((item, index) => (
        <ItemFields
          key={item.key}
          n={index + 1}
          item={item}
          errors={tried ? itemErrors(item) : {}}
          removable={items.length > 1}
          onChange={(change) => update(item.key, change)}
          onRemove={() => remove(item.key)}
        />
      ))}
      <Button
        id={addId}
        variant="secondary"
        className="self-start"
        onClick={() => setItems((all) => [...all, emptyItem()])}
      >
        <Plus aria-hidden="true" className="size-4" />
        Add item
      </Button>
    </ReviewDialog>
  );
}

/** One item: its Reason and Note, and Remove while there are others. */
function ItemFields(props: {
  n: number;
  item: ItemDraft;
  errors: { reason?: string; note?: string };
  removable: boolean;
  onChange: (change: Partial<ItemDraft>) => void;
  onRemove: () => void;
}) {
  const { item, errors } = props;
  return (
    <fieldset className="flex flex-col gap-3 rounded-lg p-3 ring-1 ring-slate-300 dark:ring-slate-600">
      <legend className="px-1 text-sm font-semibold">Item {props.n}</legend>
      <SelectField
        label="Reason"
        value={item.reason}
        error={errors.reason}
        onChange={(event) => props.onChange({ reason: event.target.value as ChangeReason | "" })}
      >
        <option value="">Choose a reason…</option>
        {CHANGE_REASONS.map((reason) => (
          <option key={reason} value={reason}>
            {reason}
          </option>
        ))}
      </SelectField>
      <TextAreaField
        label="Note"
        rows={2}
        maxLength={NOTE_MAX}
        value={item.note}
        error={errors.note}
        onChange={(event) => props.onChange({ note: event.target.value })}
      />
      {props.removable && (
        <Button variant="secondary" className="self-start" onClick={props.onRemove}>
          <Trash2 aria-hidden="true" className="size-4" />
          Remove item {props.n}
        </Button>
      )}
    </fieldset>
  );
}
