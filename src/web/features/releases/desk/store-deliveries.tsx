import { useState } from "react";
import type { StoreDelivery } from "../../../../shared/responses/release-review";
import { Alert } from "../../../components/alert";
import { Button } from "../../../components/button";
import { useSaveDeliveries, type DeliveryInput } from "./desk-release-actions";
import { StoreRow, deliveryProblem, type RowDraft } from "./store-row";

const fromServer = (row: StoreDelivery): RowDraft => ({
  state: row.state,
  link: row.link,
  note: row.note,
});

const toInput = (store: StoreDelivery["store"], value: RowDraft): DeliveryInput => ({
  store,
  state: value.state,
  link: value.link.trim(),
  note: value.note.trim(),
});

const sameDraft = (a: RowDraft, b: RowDraft) =>
  a.state === b.state && a.link.trim() === b.link.trim() && a.note.trim() === b.note.trim();

/**
 * Where an approved release stands at each store: a row per store with its
 * State, its Link (required for Live) or a Note (for Error), and Save;
 * "Save all changes" sends every changed row at once. A row's edits stay
 * until saved, even when the release is fetched again meanwhile.
 */
export function StoreDeliveries({
  releaseId,
  version,
  stores,
}: {
  releaseId: string;
  version: number;
  stores: StoreDelivery[];
}) {
  const save = useSaveDeliveries(releaseId);
  const [drafts, setDrafts] = useState<Record<string, RowDraft>>({});
  // The version the first unsaved edit was made on: another agent's save
  // since then is refused (409, who saved), never silently overwritten.
  const [editedOn, setEditedOn] = useState<number | null>(null);
  const [tried, setTried] = useState<ReadonlySet<string>>(new Set());
  const [done, setDone] = useState<string | null>(null);
  const valueOf = (row: StoreDelivery) => drafts[row.store] ?? fromServer(row);
  const changed = stores.filter((row) => !sameDraft(valueOf(row), fromServer(row)));

  const send = (rows: StoreDelivery[]) => {
    setTried(new Set(rows.map((row) => row.store)));
    setDone(null);
    if (rows.some((row) => deliveryProblem(row.store, valueOf(row), row.state))) return;
    const deliveries = rows.map((row) => toInput(row.store, valueOf(row)));
    save.mutate(
      { version: editedOn ?? version, deliveries },
      {
        onSuccess: () => {
          const saved = new Set<string>(rows.map((row) => row.store));
          const left = Object.entries(drafts).filter(([s]) => !saved.has(s));
          setDrafts(Object.fromEntries(left));
          setEditedOn(null);
          setTried(new Set());
          setDone(rows.length === 1 ? `${rows[0]!.store} saved.` : `${rows.length} stores saved.`);
        },
        // Told what changed, the agent's edits stay; saving them again is on
        // the release as it is now.
        onError: () => setEditedOn(null),
      },
    );
  };

  return (
    <section aria-labelledby="release-stores" className="flex flex-col gap-3">
      <h2 id="release-stores" className="text-lg font-semibold">
        Stores
      </h2>
      {save.error && <Alert tone="error">{save.error.message}</Alert>}
      <div role="status" className="text-sm empty:hidden">
        {done}
      </div>
      <StoresTable
        stores={stores}
        valueOf={valueOf}
        tried={tried}
        busy={save.isPending}
        onChange={(store, value) => {
          setEditedOn((held) => held ?? version);
          setDrafts((all) => ({ ...all, [store]: value }));
        }}
        onSave={(row) => send([row])}
      />
      <Button
        variant="secondary"
        className="self-start"
        disabled={save.isPending || changed.length === 0}
        onClick={() => send(changed)}
      >
        Save all changes{changed.length > 0 ? ` (${changed.length})` : ""}
      </Button>
    </section>
  );
}

/** The table: a row per store, named by its header cell. */
function StoresTable(props: {
  stores: StoreDelivery[];
  valueOf: (row: StoreDelivery) => RowDraft;
  tried: ReadonlySet<string>;
  busy: boolean;
  onChange: (store: string, value: RowDraft) => void;
  onSave: (row: StoreDelivery) => void;
}) {
  return (
    <table className="w-full table-fixed text-sm">
      <caption className="sr-only">Delivery to each store</caption>
      <thead>
        <tr className="text-left text-slate-600 dark:text-slate-300">
          <th scope="col" className="w-24 py-2 font-medium sm:w-36">
            Store
          </th>
          <th scope="col" className="py-2 font-medium">
            Delivery
          </th>
          <th scope="col" className="w-20 py-2 font-medium">
            <span className="sr-only">Save</span>
          </th>
        </tr>
      </thead>
      <tbody className="divide-y divide-slate-200 dark:divide-slate-800">
        {props.stores.map((row) => (
          <StoreRow
            key={row.store}
            row={row}
            value={props.valueOf(row)}
            showProblem={props.tried.has(row.store)}
            busy={props.busy}
            onChange={(value) => props.onChange(row.store, value)}
            onSave={() => props.onSave(row)}
          />
        ))}
      </tbody>
    </table>
  );
}
