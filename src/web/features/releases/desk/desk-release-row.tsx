import { Link } from "react-router";
import { formatWaiting } from "../../../../shared/desk";
import type { DeskReleaseView } from "../../../../shared/release-review";
import type { DeskReleaseRow as Row } from "../../../../shared/responses/release-review";
import { formatReleaseDate } from "../../../../shared/song-format";
import { SongCover } from "../../../components/song-cover";

/** Only a release still with the desk waits on it; the others are settled or with the artist. */
const WAITING_VIEWS: readonly DeskReleaseView[] = ["submitted", "in_review"];

/** Settled releases are not due: the mark is for those still on their way to the stores. */
const DUE_VIEWS: readonly DeskReleaseView[] = [
  "submitted",
  "in_review",
  "changes_requested",
  "approved",
];

const tag = "rounded-full px-2 py-0.5 text-xs font-semibold";

/** One release of the queue: artwork, title (its review page), artist, type, tracks, date, waiting. */
export function DeskReleaseRow(props: {
  row: Row;
  view: DeskReleaseView;
  now: number;
  eager: boolean;
}) {
  const { row, view, now } = props;
  const tracks = row.trackCount === 1 ? "1 track" : `${row.trackCount} tracks`;
  return (
    <li className="flex items-center gap-4 rounded-xl bg-white p-3 ring-1 ring-slate-200 dark:bg-slate-900 dark:ring-slate-800">
      <SongCover src={row.artworkUrl} alt="" className="size-14" px={56} eager={props.eager} />
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <Link
          to={`/desk/releases/${encodeURIComponent(row.id)}`}
          className="truncate font-semibold text-indigo-700 underline dark:text-indigo-300"
        >
          {row.title || "Untitled release"}
        </Link>
        <p className="text-sm break-words text-slate-600 dark:text-slate-300">
          {row.primaryArtist || row.artistName} · {row.releaseType ?? "No type"} · {tracks} ·
          Release date: {row.releaseDate ? formatReleaseDate(row.releaseDate) : "not set"}
        </p>
        <p className="flex flex-wrap items-center gap-1.5">
          {WAITING_VIEWS.includes(view) && (
            <span
              className={`${tag} bg-amber-100 text-amber-900 dark:bg-amber-900 dark:text-amber-100`}
            >
              {formatWaiting(row.waitingSince, now)}
            </span>
          )}
          {row.dueSoon && DUE_VIEWS.includes(view) && (
            <span className={`${tag} bg-red-100 text-red-900 dark:bg-red-950 dark:text-red-100`}>
              Due soon
            </span>
          )}
          {row.reviewerName && (
            <span className="text-xs text-slate-700 dark:text-slate-300">
              Reviewer: {row.reviewerName}
            </span>
          )}
        </p>
      </div>
    </li>
  );
}
