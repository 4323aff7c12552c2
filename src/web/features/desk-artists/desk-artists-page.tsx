import { useDeferredValue, useState } from "react";
import { formatPaise } from "../../../shared/money-format";
import { Alert } from "../../components/alert";
import { Button } from "../../components/button";
import { Spinner } from "../../components/spinner";
import { TextField } from "../../components/text-field";
import { RequireFinance } from "../../lib/auth/require-finance";
import { useDeskArtists } from "./api/desk-artists";
import { RoyaltyRateForm } from "./royalty-rate-form";

/** `/desk/artists`: each artist's balance and royalty rate, for finance agents. */
export default function DeskArtistsPage() {
  return (
    <RequireFinance>
      <DeskArtists />
    </RequireFinance>
  );
}

function DeskArtists() {
  const [search, setSearch] = useState("");
  const q = useDeferredValue(search.trim());
  const artists = useDeskArtists(q);
  const rows = artists.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <div className="mx-auto flex w-full max-w-4xl flex-col gap-4 p-4 sm:p-6">
      <h1 className="text-2xl font-bold">Artists</h1>
      <TextField
        label="Search artists"
        type="search"
        maxLength={100}
        placeholder="Name or email"
        value={search}
        onChange={(event) => setSearch(event.target.value)}
      />
      {artists.isPending ? (
        <Spinner label="Loading artists…" className="py-10" />
      ) : artists.isError ? (
        <Alert tone="error">Failed to load the artists. Please try again later.</Alert>
      ) : rows.length === 0 ? (
        <p className="py-10 text-center text-slate-600 dark:text-slate-300">
          {q ? "No artist matches your search." : "No artists yet."}
        </p>
      ) : (
        <ul aria-label="Artists" className="flex flex-col gap-3">
          {rows.map((artist) => (
            <li
              key={artist.id}
              aria-label={artist.name}
              className="flex flex-col gap-3 rounded-xl bg-white p-4 ring-1 ring-slate-200 sm:flex-row sm:items-end dark:bg-slate-900 dark:ring-slate-800"
            >
              <div className="min-w-0 flex-1">
                <p className="font-semibold break-words">{artist.name}</p>
                <p className="text-sm break-all text-slate-600 dark:text-slate-300">
                  {artist.email}
                </p>
                <p className="mt-1 text-sm">
                  Balance:{" "}
                  <span className="font-semibold tabular-nums">
                    {formatPaise(artist.balancePaise)}
                  </span>
                </p>
              </div>
              <RoyaltyRateForm artist={artist} />
            </li>
          ))}
        </ul>
      )}
      {artists.hasNextPage && (
        <Button
          variant="secondary"
          className="self-center"
          disabled={artists.isFetchingNextPage}
          onClick={() => void artists.fetchNextPage()}
        >
          Show more artists
        </Button>
      )}
    </div>
  );
}
