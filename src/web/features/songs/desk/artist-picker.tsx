import { useState } from "react";
import type { ArtistOption } from "../../../../shared/song-schemas";
import { SelectField } from "../../../components/select-field";
import { TextField } from "../../../components/text-field";
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
  const options = artists.data ?? [];
  const showCurrent = artistId !== "" && !options.some((a) => a.id === artistId);

  return (
    <div className="flex flex-col gap-3">
      <TextField
        label="Find an artist"
        type="search"
        value={search}
        onChange={(e) => setSearch(e.target.value)}
        placeholder="Name or email"
      />
      <SelectField
        label="Artist account"
        value={artistId}
        required
        error={error}
        onChange={(e) => {
          if (e.target.value !== artistId) {
            onPick(options.find((a) => a.id === e.target.value) ?? null);
          }
        }}
      >
        <option value="">Choose an artist…</option>
        {showCurrent && <option value={artistId}>{currentLabel ?? "Current artist"}</option>}
        {options.map((artist) => (
          <option key={artist.id} value={artist.id}>
            {artist.artistName} ({artist.email})
          </option>
        ))}
      </SelectField>
    </div>
  );
}
