import { useDeferredValue, useState } from "react";
import { useSearchParams } from "react-router";
import { DESK_RELEASE_VIEWS, type DeskReleaseView } from "../../../../shared/release-review";
import { RELEASE_STATE_LABELS } from "../../../../shared/release-constants";
import type { DeskReleaseList } from "../../../../shared/responses/release-review";
import { Alert } from "../../../components/alert";
import { Spinner } from "../../../components/spinner";
import { TextField } from "../../../components/text-field";
import { RequireAgent } from "../../../lib/auth/require-agent";
import { DeskReleaseRow } from "./desk-release-row";
import { useDeskReleases, useLiveDeskReleases } from "./desk-release-queries";
import { useNow } from "./use-now";

export const VIEW_PARAM = "view";

/** `/desk/releases`: the agents' review queue. */
export default function DeskReleasesPage() {
  return (
    <RequireAgent artistHome="/releases">
      <DeskReleases />
    </RequireAgent>
  );
}

/** The view kept in the URL (`?view=in_review`); Submitted when absent or unknown. */
function useView(): [DeskReleaseView, (view: DeskReleaseView) => void] {
  const [params, setParams] = useSearchParams();
  const view = DESK_RELEASE_VIEWS.find((v) => v === params.get(VIEW_PARAM)) ?? "submitted";
  const choose = (next: DeskReleaseView) =>
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        updated.set(VIEW_PARAM, next);
        return updated;
      },
      { replace: true },
    );
  return [view, choose];
}

const EMPTY: Record<DeskReleaseView, string> = {
  submitted: "No releases are waiting for review.",
  in_review: "No release is in review.",
  changes_requested: "No release is waiting for the artist's changes.",
  approved: "No approved release is waiting to go live.",
  live: "No release is live yet.",
  rejected: "No release has been rejected.",
};

function DeskReleases() {
  const [view, setView] = useView();
  const [search, setSearch] = useState("");
  // Typing stays quick: the list follows the search a moment later.
  const q = useDeferredValue(search.trim());
  useLiveDeskReleases();
  const releases = useDeskReleases(view, q);
  const now = useNow();
  return (
    <div className="mx-auto flex w-full max-w-4xl flex-col gap-4 p-4 sm:p-6">
      <h1 className="text-2xl font-bold">Releases</h1>
      <ViewChooser view={view} onChoose={setView} counts={releases.data?.counts} />
      <TextField
        label="Search releases"
        type="search"
        maxLength={100}
        placeholder="Title, artist, ISRC or UPC"
        value={search}
        onChange={(event) => setSearch(event.target.value)}
      />
      {releases.isPending ? (
        <Spinner label="Loading releases…" className="py-10" />
      ) : releases.isError ? (
        <Alert tone="error">Failed to load the releases. Please try again later.</Alert>
      ) : releases.data.rows.length === 0 ? (
        <p className="py-10 text-center text-slate-600 dark:text-slate-300">
          {q ? "No release matches your search." : EMPTY[view]}
        </p>
      ) : (
        <ul aria-label="Releases" className="flex flex-col gap-3">
          {releases.data.rows.map((row, index) => (
            <DeskReleaseRow key={row.id} row={row} view={view} now={now} eager={index < 6} />
          ))}
        </ul>
      )}
    </div>
  );
}

/** Submitted, In review… each a toggle button with its count. */
function ViewChooser(props: {
  view: DeskReleaseView;
  onChoose: (view: DeskReleaseView) => void;
  counts: DeskReleaseList["counts"] | undefined;
}) {
  return (
    <div role="group" aria-label="View" className="flex flex-wrap gap-2 text-sm">
      {DESK_RELEASE_VIEWS.map((key) => {
        const pressed = props.view === key;
        return (
          <button
            key={key}
            type="button"
            aria-pressed={pressed}
            onClick={() => props.onChoose(key)}
            className={`flex items-center gap-1.5 rounded-full px-3 py-1 font-medium ring-1 ${pressed ? "bg-indigo-700 text-white ring-indigo-700 dark:bg-indigo-400 dark:text-slate-950 dark:ring-indigo-400" : "text-slate-800 ring-slate-300 hover:bg-slate-100 dark:text-slate-200 dark:ring-slate-600 dark:hover:bg-slate-800"}`}
          >
            {RELEASE_STATE_LABELS[key]}
            <span className="tabular-nums" data-testid={`count-${key}`}>
              {props.counts?.[key] ?? "–"}
            </span>
          </button>
        );
      })}
    </div>
  );
}
