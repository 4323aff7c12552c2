import { Navigate } from "react-router";
import { Alert } from "../../components/alert";
import { Spinner } from "../../components/spinner";
import { ApiError } from "../../lib/api-client";
import { useSession } from "../auth/api/session";
import { useMySongs } from "./api/get-my-songs";
import { SongCard } from "./song-card";
import { LoadMoreButton } from "./load-more-button";

/** "Your Songs": the artist's catalogue, newest first, 10 more per "Load More". */
export default function SongsPage() {
  const { data: user } = useSession();
  // Agents have no catalogue of their own; they work on the song desk.
  if (user?.admin) return <Navigate to="/desk/songs" replace />;
  return <YourSongs />;
}

function YourSongs() {
  const songs = useMySongs();
  return (
    <div className="mx-auto flex w-full max-w-2xl flex-col gap-4 p-4 sm:p-6">
      <h1 className="text-2xl font-bold">Your Songs</h1>
      {songs.isPending ? (
        <Spinner label="Loading your songs…" className="py-10" />
      ) : songs.isError ? (
        <Alert tone="error">
          {songs.error instanceof ApiError && songs.error.status === 401
            ? "Please log in to view your songs."
            : "Failed to load your songs. Please try again later."}
        </Alert>
      ) : songs.data.pages[0]?.items.length === 0 ? (
        <p className="py-10 text-center text-slate-600 dark:text-slate-300">
          You don&apos;t have any songs in the system yet.
        </p>
      ) : (
        <>
          <ul aria-label="Songs" className="flex flex-col gap-3">
            {songs.data.pages
              .flatMap((page) => page.items)
              .map((song) => (
                <li key={song.id}>
                  <SongCard song={song} />
                </li>
              ))}
          </ul>
          <LoadMoreButton query={songs} />
        </>
      )}
    </div>
  );
}
