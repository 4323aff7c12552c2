import { useState, type SyntheticEvent } from "react";
import { Navigate, useSearchParams } from "react-router";
import { Search } from "lucide-react";
import { ReleaseLinks } from "./release-links";
import type { SongCounts, SongListFilters } from "../../../shared/song-schemas";
import { readSongListFilters } from "../../../shared/song-list-filters";
import { SONG_STATUSES } from "../../../shared/song-status-names";
import { Alert } from "../../components/alert";
import { Button } from "../../components/button";
import { ListStatus } from "../../components/list-status";
import { Spinner } from "../../components/spinner";
import { inputClass } from "../../components/text-field";
import { ApiError } from "../../lib/api-client";
import { useSession } from "../../lib/auth/session";
import { useMySongs } from "./api/get-my-songs";
import { useSongCounts } from "./api/get-song-counts";
import { SongCard } from "./song-card";
import { LoadMoreButton } from "./load-more-button";

/** "Your Songs": the artist's catalogue, newest first, 10 more per "Load More". */
export default function SongsPage() {
  const { data: user } = useSession();
  // Agents have no catalogue of their own; they work on the song desk.
  if (user?.admin) return <Navigate to="/desk/songs" replace />;
  return <YourSongs />;
}

/**
 * Status and title search live in the URL: shareable, and each change is a
 * history entry so Back returns to the previous filter. A hand-edited URL
 * with an unknown status shows all songs.
 */
function useListFilters(): [SongListFilters, (next: SongListFilters) => void] {
  const [params, setParams] = useSearchParams();
  const filters: SongListFilters = readSongListFilters({
    status: params.get("status") ?? undefined,
    q: params.get("q") ?? undefined,
  });
  const update = (next: SongListFilters) => {
    const search = new URLSearchParams();
    if (next.status) search.set("status", next.status);
    if (next.q) search.set("q", next.q);
    setParams(search);
  };
  return [filters, update];
}

const filterLabels: Record<keyof SongCounts, string> = {
  all: "All",
  pending: "Pending",
  "in review": "In review",
  released: "Released",
  rejected: "Rejected",
};

const NO_SONGS_YET = "You don't have any songs in the system yet.";

/** The status chips, each with its count once the counts arrive. */
function StatusFilters({
  filters,
  setFilters,
  counts,
}: {
  filters: SongListFilters;
  setFilters: (next: SongListFilters) => void;
  counts: SongCounts | undefined;
}) {
  // A fixed grid on phones: the counts arrive after the list and must not
  // re-wrap the chips and push the list down (a layout shift).
  return (
    <div
      role="group"
      aria-label="Filter by status"
      className="grid grid-cols-2 gap-2 sm:flex sm:flex-wrap"
    >
      {(["all", ...SONG_STATUSES] as const).map((key) => {
        const active = (filters.status ?? "all") === key;
        const count = counts?.[key];
        return (
          <button
            key={key}
            type="button"
            aria-pressed={active}
            onClick={() =>
              setFilters({
                ...filters,
                status: key === "all" ? undefined : key,
              })
            }
            className={`rounded-full px-3 py-1.5 text-sm font-medium ring-1 ${
              active
                ? "bg-indigo-600 text-white ring-indigo-600 dark:bg-indigo-400 dark:text-slate-950 dark:ring-indigo-400"
                : "bg-white text-slate-800 ring-slate-300 hover:bg-slate-100 dark:bg-slate-900 dark:text-slate-100 dark:ring-slate-600 dark:hover:bg-slate-800"
            }`}
          >
            {filterLabels[key]}
            {count !== undefined && <span> ({count})</span>}
          </button>
        );
      })}
    </div>
  );
}

function YourSongs() {
  const [filters, setFilters] = useListFilters();
  const songs = useMySongs(filters);
  const counts = useSongCounts(filters.q ?? "");
  const filtered = Boolean(filters.status || filters.q);
  // Said in a live region that is there before it (ListStatus).
  const empty = songs.isSuccess && songs.data.pages[0]?.items.length === 0;
  return (
    <div className="mx-auto flex w-full max-w-2xl flex-col gap-4 p-4 sm:p-6">
      <div className="flex items-center gap-2">
        <h1 className="min-w-0 flex-1 text-2xl font-bold">Your Songs</h1>
        <ReleaseLinks />
      </div>
      <TitleSearch
        key={filters.q ?? ""}
        initial={filters.q ?? ""}
        onSearch={(q) => setFilters({ ...filters, q: q || undefined })}
      />
      <StatusFilters filters={filters} setFilters={setFilters} counts={counts.data} />
      <ListStatus
        message={empty ? (filtered ? "No songs match these filters." : NO_SONGS_YET) : null}
        className="py-10 text-center text-slate-600 dark:text-slate-300"
      />
      {songs.isPending ? (
        <Spinner label="Loading your songs…" className="py-10" />
      ) : songs.isError ? (
        <Alert tone="error">
          {songs.error instanceof ApiError && songs.error.status === 401
            ? "Please log in to view your songs."
            : "Failed to load your songs. Please try again later."}
        </Alert>
      ) : empty ? null : (
        <>
          <ul aria-label="Songs" className="flex flex-col gap-3">
            {songs.data.pages
              .flatMap((page) => page.items)
              .map((song, index) => (
                <li key={song.id}>
                  <SongCard song={song} eager={index < 4} priority={index === 0} />
                </li>
              ))}
          </ul>
          <LoadMoreButton query={songs} />
        </>
      )}
    </div>
  );
}

function TitleSearch({ initial, onSearch }: { initial: string; onSearch: (q: string) => void }) {
  const [text, setText] = useState(initial);
  const submit = (event: SyntheticEvent) => {
    event.preventDefault();
    onSearch(text.trim().slice(0, 100));
  };
  return (
    <form role="search" onSubmit={submit} className="flex gap-2">
      <label htmlFor="song-title-search" className="sr-only">
        Search titles
      </label>
      <input
        id="song-title-search"
        type="search"
        value={text}
        maxLength={100}
        placeholder="Search titles"
        onChange={(e) => {
          setText(e.target.value);
          // Clearing the box (its × button too) shows every title again.
          if (e.target.value === "" && initial) onSearch("");
        }}
        className={`${inputClass} flex-1`}
      />
      <Button type="submit" variant="secondary" aria-label="Search">
        <Search aria-hidden="true" className="size-4" />
      </Button>
    </form>
  );
}
