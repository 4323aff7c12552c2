import { useId } from "react";
import {
  DELIVERY_STATES,
  isStoreLink,
  type DeliveryState,
  type ReleaseStore,
} from "../../../../shared/release-review";
import { releaseReviewMessages as m } from "../../../../shared/release-review-messages";
import type { StoreDelivery } from "../../../../shared/responses/release-review";
import { Button } from "../../../components/button";
import { FieldError, inputClass } from "../../../components/form-field";

export interface RowDraft {
  state: DeliveryState;
  link: string;
  note: string;
}

/** A row saved as Live being set back: it needs a reason (its Note). */
const leavingLive = (before: DeliveryState, value: RowDraft) =>
  before === "Live" && value.state !== "Live";

/** What keeps a row from being saved, before the server hears of it (the same rules). */
export function deliveryProblem(
  store: ReleaseStore,
  value: RowDraft,
  before: DeliveryState,
): string | null {
  const link = value.link.trim();
  if (value.state === "Live" && !link) return m.liveNeedsLink(store);
  if (link && !isStoreLink(store, link)) return m.notStoreLink(store);
  if (leavingLive(before, value) && !value.note.trim()) return m.notLiveNeedsReason(store);
  if (value.state === "Error" && !value.note.trim()) return m.errorNeedsNote(store);
  return null;
}

const smallInput = inputClass.replace("px-3 py-2.5", "px-2 py-1.5");

/**
 * One store's row: named by the store (its header cell); the State select,
 * the Link (or, for Error, the Note) and Save, each labelled with the store
 * for screen readers ("Spotify State").
 */
export function StoreRow(props: {
  row: StoreDelivery;
  value: RowDraft;
  showProblem: boolean;
  busy: boolean;
  onChange: (value: RowDraft) => void;
  onSave: () => void;
}) {
  const { row, value } = props;
  const id = useId();
  const problem = props.showProblem ? deliveryProblem(row.store, value, row.state) : null;
  // An error, or a Live store set back, is explained in the Note; otherwise the Link.
  const isError = value.state === "Error" || leavingLive(row.state, value);
  const noteLabel = value.state === "Error" ? "Note" : "Reason";
  const store = <span className="sr-only">{row.store} </span>;
  return (
    <tr className="align-top">
      <th scope="row" className="py-3 pr-2 text-left font-semibold break-words">
        {row.store}
      </th>
      <td className="py-3 pr-2">
        <div className="flex flex-col gap-2 sm:flex-row">
          <StateSelect
            id={`${id}-state`}
            store={row.store}
            value={value.state}
            onChange={(state) => props.onChange({ ...value, state })}
          />
          <div className="flex min-w-0 flex-1 flex-col gap-1">
            <label htmlFor={`${id}-detail`} className="text-xs font-medium">
              {store}
              {isError ? noteLabel : "Link"}
            </label>
            <input
              id={`${id}-detail`}
              type={isError ? "text" : "url"}
              inputMode={isError ? undefined : "url"}
              maxLength={500}
              value={isError ? value.note : value.link}
              aria-invalid={problem ? true : undefined}
              aria-describedby={problem ? `${id}-problem` : undefined}
              className={smallInput}
              onChange={(e) =>
                props.onChange(
                  isError ? { ...value, note: e.target.value } : { ...value, link: e.target.value },
                )
              }
            />
            <FieldError id={`${id}-problem`} error={problem ?? undefined} />
            {row.state === "Live" && row.link && (
              <a
                href={row.link}
                target="_blank"
                rel="noreferrer"
                className="self-start text-xs text-indigo-700 underline dark:text-indigo-300"
              >
                Open the release on {row.store}
              </a>
            )}
          </div>
        </div>
      </td>
      <td className="py-3">
        <Button
          variant="secondary"
          className="mt-5 px-3"
          disabled={props.busy}
          onClick={props.onSave}
        >
          Save<span className="sr-only"> {row.store}</span>
        </Button>
      </td>
    </tr>
  );
}

/** The row's State select, labelled "Spotify State" for screen readers. */
function StateSelect(props: {
  id: string;
  store: string;
  value: DeliveryState;
  onChange: (state: DeliveryState) => void;
}) {
  return (
    <div className="flex flex-col gap-1 sm:w-36">
      <label htmlFor={props.id} className="text-xs font-medium">
        <span className="sr-only">{props.store} </span>State
      </label>
      <select
        id={props.id}
        value={props.value}
        className={smallInput}
        onChange={(e) => props.onChange(e.target.value as DeliveryState)}
      >
        {DELIVERY_STATES.map((state) => (
          <option key={state} value={state}>
            {state}
          </option>
        ))}
      </select>
    </div>
  );
}
