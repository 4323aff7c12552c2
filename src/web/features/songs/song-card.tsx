import { Link } from "react-router";
import type { SongSummary } from "../../../shared/song-schemas";
import { songDateLine } from "../../../shared/song-format";
import { SongCover } from "../../components/song-cover";
import { SongStatusBadge } from "../../components/song-status-badge";

/**
 * `eager`: the first cards are on screen at once, so their covers are not
 * lazy; `priority`: the first cover, the list's largest paint, comes first.
 */
export function SongCard({
  song,
  eager = false,
  priority = false,
}: {
  song: SongSummary;
  eager?: boolean;
  priority?: boolean;
}) {
  return (
    <Link
      to={`/song/${encodeURIComponent(song.id)}`}
      className="flex items-center gap-4 rounded-xl bg-white p-3 ring-1 ring-slate-200 hover:bg-slate-50 dark:bg-slate-900 dark:ring-slate-800 dark:hover:bg-slate-800"
    >
      <SongCover src={song.coverUrl} alt="" eager={eager} priority={priority} />
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <div className="flex flex-wrap items-center gap-2">
          <h2 className="truncate font-semibold">{song.type}</h2>
          <SongStatusBadge status={song.status} />
          {song.unseen && (
            <span className="rounded-full bg-indigo-100 px-2 py-0.5 text-xs font-semibold text-indigo-900 dark:bg-indigo-950 dark:text-indigo-100">
              New status
            </span>
          )}
        </div>
        <p className="truncate text-sm text-slate-600 dark:text-slate-300">
          Album: {song.album || "Not specified"}
        </p>
        <p className="text-sm text-slate-600 dark:text-slate-300">{songDateLine(song)}</p>
      </div>
    </Link>
  );
}
