import { useId, useState } from "react";
import type { ArtistOption } from "../../../../shared/song-schemas";
import { inputClass } from "../../../components/text-field";
import { useArtists } from "../api/search-artists";

/** Find an artist account by name or email and choose it. */
export function ArtistPicker({
  artistId,
  currentLabel,
  error,
  onPick,
}: {
  artistId: string;
  /** Shown for the saved artist when the search results do not include them. */
  currentLabel: string | null;
  error: string | undefined;
  onPick: (artist: ArtistOption | null) => void;
}) {
  const [search, setSearch] = useState("");
  const artists = useArtists(search);
  const searchId = useId();
  const selectId = useId();
  const options = artists.data ?? [];
  const showCurrent = artistId !== "" && !options.some((a) => a.id === artistId);

  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-col gap-1.5">
        <label htmlFor={searchId} className="text-sm font-medium">
          Find an artist
        </label>
        <input
          id={searchId}
          type="search"
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          placeholder="Name or email"
          className={inputClass}
        />
      </div>
      <div className="flex flex-col gap-1.5">
        <label htmlFor={selectId} className="text-sm font-medium">
          Artist account
        </label>
        <select
          id={selectId}
          value={artistId}
          required
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${selectId}-error` : undefined}
          onChange={(e) => {
            if (e.target.value !== artistId) {
              onPick(options.find((a) => a.id === e.target.value) ?? null);
            }
          }}
          className={inputClass}
        >
          <option value="">Choose an artist…</option>
          {showCurrent && <option value={artistId}>{currentLabel ?? "Current artist"}</option>}
          {options.map((artist) => (
            <option key={artist.id} value={artist.id}>
              {artist.artistName} ({artist.email})
            </option>
          ))}
        </select>
        {error && (
          <p id={`${selectId}-error`} className="text-sm text-red-700 dark:text-red-300">
            {error}
          </p>
        )}
      </div>
    </div>
  );
}
