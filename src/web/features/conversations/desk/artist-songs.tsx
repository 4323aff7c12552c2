import { Link } from "react-router";
import { SongCover } from "../../../components/song-cover";
import { SongStatusBadge } from "../../../components/song-status-badge";
import { useArtistSongs } from "./api/get-artist-songs";

/** The artist's songs with their status, each opening the desk editor. */
export function ArtistSongs({ artistId }: { artistId: string }) {
  const songs = useArtistSongs(artistId);
  return (
    <div>
      <h3
        id="artist-songs-heading"
        className="text-sm font-semibold text-slate-600 uppercase dark:text-slate-300"
      >
        Songs
      </h3>
      {songs.isPending ? (
        <p className="text-sm">Loading songs…</p>
      ) : songs.isError ? (
        <p className="text-sm">Failed to load the artist&apos;s songs.</p>
      ) : songs.data.length === 0 ? (
        <p className="text-sm">No songs yet.</p>
      ) : (
        <ul aria-labelledby="artist-songs-heading" className="flex flex-col gap-1">
          {songs.data.map((song) => (
            <li key={song.id}>
              <Link
                to={`/desk/songs/${encodeURIComponent(song.id)}`}
                className="flex items-center gap-2 rounded-lg p-1.5 hover:bg-slate-100 dark:hover:bg-slate-800"
              >
                <SongCover src={song.coverUrl} alt="" className="size-9" px={36} />
                <span className="min-w-0 flex-1 truncate text-sm font-medium">{song.type}</span>
                <SongStatusBadge status={song.status} />
              </Link>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
