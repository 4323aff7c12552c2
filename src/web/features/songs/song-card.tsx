import { Link } from "react-router";
import { formatReleaseDate, type SongSummary } from "../../../shared/song-schemas";
import { SongCover } from "./song-cover";
import { SongStatusBadge } from "./song-status-badge";

export function SongCard({ song }: { song: SongSummary }) {
  return (
    <Link
      to={`/song/${encodeURIComponent(song.id)}`}
      className="flex items-center gap-4 rounded-xl bg-white p-3 ring-1 ring-slate-200 hover:bg-slate-50 dark:bg-slate-900 dark:ring-slate-800 dark:hover:bg-slate-800"
    >
      <SongCover src={song.coverUrl} alt="" />
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <div className="flex flex-wrap items-center gap-2">
          <h2 className="truncate font-semibold">{song.type}</h2>
          <SongStatusBadge status={song.status} />
        </div>
        <p className="truncate text-sm text-slate-600 dark:text-slate-300">
          Album: {song.album || "Not specified"}
        </p>
        <p className="text-sm text-slate-600 dark:text-slate-300">
          Released: {formatReleaseDate(song.date)}
        </p>
      </div>
    </Link>
  );
}
