import { Link } from "react-router";
import type { MessageSongRef } from "../../../../shared/chat";
import { SongCover } from "../../../components/song-cover";
import { SongStatusBadge } from "../../../components/song-status-badge";

const capitalized = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/**
 * The song a message asks about: cover, title and current status, linking to
 * the song (the artist's detail or the agent's desk editor, by `href`).
 * Light on either bubble colour, so both sides read it the same.
 */
export function MessageSongCard({ song, href }: { song: MessageSongRef; href: string }) {
  return (
    <Link
      to={href}
      aria-label={`Song: ${song.title}, ${capitalized(song.status)}`}
      className="flex min-w-48 items-center gap-2.5 rounded-xl bg-white p-1.5 pr-3 text-slate-900 ring-1 ring-slate-200 hover:bg-slate-50 dark:bg-slate-900 dark:text-slate-100 dark:ring-slate-700 dark:hover:bg-slate-950"
    >
      <SongCover src={song.coverUrl} alt="" className="size-11" px={44} />
      <span className="flex min-w-0 flex-col items-start gap-1">
        <span className="max-w-full truncate text-sm font-semibold">{song.title}</span>
        <SongStatusBadge status={song.status} />
      </span>
    </Link>
  );
}
