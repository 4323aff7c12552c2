import { useState, type SyntheticEvent } from "react";
import { Link, useSearchParams } from "react-router";
import { Plus, Search } from "lucide-react";
import type { SongDetail } from "../../../../shared/song-schemas";
import { songDateLine } from "../../../../shared/song-format";
import { SONG_STATUSES, statusLabel } from "../../../../shared/song-status-names";
import { Alert } from "../../../components/alert";
import { Button } from "../../../components/button";
import { Spinner } from "../../../components/spinner";
import { inputClass } from "../../../components/text-field";
import { useDeskSongs, type DeskListFilters } from "../api/get-desk-songs";
import { SelectField } from "../../../components/select-field";
import { useArtists } from "../api/search-artists";
import { SongCover } from "../../../components/song-cover";
import { SongStatusBadge } from "../../../components/song-status-badge";
import { RequireAgent } from "../../../lib/auth/require-agent";
import { LoadMoreButton } from "../load-more-button";
import { viewCount } from "../../../../shared/view-count";

export default function SongDeskPage() {
  return (
    <RequireAgent artistHome="/songs">
      <SongDesk />
    </RequireAgent>
  );
}

/** Filters live in the URL, so a filtered desk can be reloaded, shared and navigated back to. */
function useDeskFilters(): [DeskListFilters, (next: DeskListFilters) => void] {
  const [params, setParams] = useSearchParams();
  const filters: DeskListFilters = {
    status: params.get("status") ?? undefined,
    artistId: params.get("artistId") ?? undefined,
    q: params.get("q") ?? undefined,
  };
  const update = (next: DeskListFilters) => {
    const search = new URLSearchParams();
    for (const [name, value] of Object.entries(next)) if (value) search.set(name, value);
    setParams(search, { replace: true });
  };
  return [filters, update];
}

function SongDesk() {
  const [filters, setFilters] = useDeskFilters();
  const songs = useDeskSongs(filters);

  const rows = songs.data?.pages.flatMap((page) => page.items) ?? [];

  return (
    <div className="mx-auto flex w-full max-w-4xl flex-col gap-4 p-4 sm:p-6">
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="flex-1 text-2xl font-bold">Song desk</h1>
        <Link
          to="/desk/songs/new"
          className="inline-flex items-center gap-2 rounded-lg bg-indigo-600 px-4 py-2.5 text-sm font-semibold text-white hover:bg-indigo-700 dark:bg-indigo-400 dark:text-slate-950 dark:hover:bg-indigo-300"
        >
          <Plus aria-hidden="true" className="size-4" />
          New song
        </Link>
      </div>

      <DeskFilters filters={filters} onChange={setFilters} />

      {songs.isPending ? (
        <Spinner label="Loading songs…" className="py-10" />
      ) : songs.isError ? (
        <Alert tone="error">Failed to load the songs. Please try again later.</Alert>
      ) : rows.length === 0 ? (
        <p className="py-10 text-center text-slate-600 dark:text-slate-300">
          No songs match these filters.
        </p>
      ) : (
        <>
          <ul aria-label="Song requests" className="flex flex-col gap-3">
            {rows.map((song, index) => (
              // The first rows are on screen at once: their covers are not lazy.
              <DeskSongRow key={song.id} song={song} eager={index < 6} priority={index === 0} />
            ))}
          </ul>
          <LoadMoreButton query={songs} />
        </>
      )}
    </div>
  );
}

/** Search, status and artist: each change goes to the URL at once (the search on submit). */
function DeskFilters({
  filters,
  onChange,
}: {
  filters: DeskListFilters;
  onChange: (next: DeskListFilters) => void;
}) {
  const [searchDraft, setSearchDraft] = useState(filters.q ?? "");
  const artists = useArtists("");

  function submitSearch(event: SyntheticEvent) {
    event.preventDefault();
    onChange({ ...filters, q: searchDraft.trim() || undefined });
  }

  return (
    <div className="grid grid-cols-1 gap-3 rounded-xl bg-white p-4 ring-1 ring-slate-200 sm:grid-cols-3 dark:bg-slate-900 dark:ring-slate-800">
      <form role="search" onSubmit={submitSearch} className="flex flex-col gap-1.5 sm:col-span-3">
        <label htmlFor="desk-search" className="text-sm font-medium">
          Search type, album or artist
        </label>
        <div className="flex gap-2">
          <input
            id="desk-search"
            type="search"
            value={searchDraft}
            onChange={(e) => setSearchDraft(e.target.value)}
            className={inputClass}
          />
          <Button type="submit" variant="secondary">
            <Search aria-hidden="true" className="size-4" />
            Search
          </Button>
        </div>
      </form>
      <SelectField
        label="Status"
        id="desk-status"
        value={filters.status ?? ""}
        onChange={(e) => onChange({ ...filters, status: e.target.value || undefined })}
      >
        <option value="">All statuses</option>
        {SONG_STATUSES.map((status) => (
          <option key={status} value={status}>
            {statusLabel(status)}
          </option>
        ))}
      </SelectField>
      <SelectField
        label="Artist"
        id="desk-artist"
        className="sm:col-span-2"
        value={filters.artistId ?? ""}
        onChange={(e) => onChange({ ...filters, artistId: e.target.value || undefined })}
      >
        <option value="">All artists</option>
        {artists.data?.map((artist) => (
          <option key={artist.id} value={artist.id}>
            {artist.artistName} ({artist.email})
          </option>
        ))}
      </SelectField>
    </div>
  );
}

function DeskSongRow({
  song,
  eager,
  priority,
}: {
  song: SongDetail;
  eager: boolean;
  priority: boolean;
}) {
  return (
    <li className="flex items-center gap-4 rounded-xl bg-white p-3 ring-1 ring-slate-200 dark:bg-slate-900 dark:ring-slate-800">
      <SongCover
        src={song.coverUrl}
        alt=""
        className="size-14"
        px={56}
        eager={eager}
        priority={priority}
      />
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <div className="flex flex-wrap items-center gap-2">
          <Link
            to={`/desk/songs/${encodeURIComponent(song.id)}`}
            className="truncate font-semibold text-indigo-700 underline dark:text-indigo-300"
          >
            {song.type}
          </Link>
          <SongStatusBadge status={song.status} />
        </div>
        {/* Wraps on a phone: the date and the views are what the desk scans for. */}
        <p className="text-sm break-words text-slate-600 dark:text-slate-300">
          {song.artist} · Album: {song.album || "—"} · {songDateLine(song)} ·{" "}
          {viewCount(song.views)}
        </p>
      </div>
    </li>
  );
}
